"""Tile rummy through the match core: every kind of move and every refusal, by its reason."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client

from games import services
from games.core.registry import run_chooser
from games.models import Match, Round
from games.rendering import table_fragments
from games.rummy.engine import parse_tiles, tiles_text
from games.rummy.web.views import hinted_sets

from .conftest import computer_plays, current
from .rummy_helpers import HTMX, SCATTERED, hidden_tiles_shown, script_game, visible_tiles

pytestmark = pytest.mark.django_db

# Alice's rack: an initial meld of 40 with a joker (R10 B10 K10 J), the joker's colour (O10),
# two tiles for the joker's next set (K5 K6), and a run worth only 24 (R7 R8 R9).
ALICE = "R10 B10 K10 J O10 K5 K6 R7 R8 R9 B3 B4 K1 O2"


def rummy_match(
    alice: AbstractBaseUser, racks: tuple[str, str] = (ALICE, SCATTERED), **kw: object
) -> Match:
    match = services.create_practice_match(
        alice, "rummy", {"games": 1}, "beginner", players=2, seed=3
    )
    script_game(match, racks, **kw)  # type: ignore[arg-type]
    return match


def post(client: Client, match: Match, **fields: object) -> tuple[int, str]:
    fields.setdefault("version", current(match).match.version)
    response = client.post(f"/play/{match.pk}/act/", fields, **HTMX)
    return response.status_code, response.content.decode()


def message_of(html: str) -> str:
    found = re.search(r'id="table-message"[^>]*><p>(.*?)</p>', html)
    return found.group(1) if found else ""


def rack_of(match: Match, seat: int = 0) -> list[str]:
    return tiles_text(current(match).view_for(seat).rack).split()


def test_a_practice_match_of_tile_rummy_seats_alice_and_the_computers(
    alice: AbstractBaseUser,
) -> None:
    match = services.create_practice_match(
        alice, "rummy", {"games": 3}, "expert", players=4, seed=8
    )
    seats = list(match.seats.order_by("number"))
    assert [(s.user_id, s.computer_level) for s in seats] == [
        (alice.pk, ""),
        (None, "expert"),
        (None, "expert"),
        (None, "expert"),
    ]
    assert match.options == {"games": 3}
    assert match.progress == {"first": match.rounds.get().setup["deal"]["first"], "games_played": 0}
    game = match.rounds.get()
    assert [len(rack) for rack in game.setup["deal"]["racks"]] == [14, 14, 14, 14]
    assert len(game.setup["deal"]["pool"]) == 106 - 56
    assert game.setup["scores"] == [0, 0, 0, 0]


def test_a_match_of_two_games_or_five_players_is_refused(alice: AbstractBaseUser) -> None:
    with pytest.raises(ValueError, match="a match has 1, 3, 5 games"):
        services.create_practice_match(alice, "rummy", {"games": 2}, "normal", players=2)
    with pytest.raises(ValueError, match=r"played by \(2, 3, 4\) players, not 5"):
        services.create_practice_match(alice, "rummy", {"games": 1}, "normal", players=5)


def test_drawing_takes_the_pools_first_tile_and_passes_the_turn(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = rummy_match(alice, pool_start="O13")
    status, html = post(alice_client, match, action="draw")
    assert status == 200
    table = current(match)
    assert table.round.actions == ["draw"]
    assert "O13" in rack_of(match)
    assert table.to_move == 1
    assert "You drew a tile" in html
    assert 'data-count="77"' in html  # the pool


def test_an_initial_meld_of_30_or_more_goes_on_the_table(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = rummy_match(alice)
    status, html = post(alice_client, match, action="play", table="R10 B10 K10 J")
    assert status == 200
    table = current(match)
    assert table.round.actions == ["play:R10 B10 K10 J"]
    assert table.view_for(0).melded == (True, False)
    assert len(table.view_for(0).rack) == 10
    assert "You played 4 tiles" in html
    assert html.count('class="tile tile-') >= 14  # the four tiles laid and the rack
    # The marks are for the tiles the others laid since Alice's turn: none of hers.
    assert html.count(" fresh") == 0


def test_an_initial_meld_under_30_is_refused_and_changes_nothing(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = rummy_match(alice)
    status, html = post(alice_client, match, action="play", table="R7 R8 R9")
    assert status == 400
    assert message_of(html) == "Your initial meld is worth 24; it needs 30."
    table = current(match)
    assert table.match.version == 0
    assert table.round.actions == []
    assert len(table.view_for(0).rack) == 14


@pytest.mark.parametrize(
    ("written", "reason"),
    [
        ("R10 B10", "The set “red 10, blue 10” is too short: a set needs 3 tiles."),
        ("R7 R9 R10", "The run “red 7, red 9, red 10” has a gap."),
        ("R9 R8 R7", "The run “red 9, red 8, red 7” is not in ascending order."),
        (
            "R10 B10 K5",
            "The set “red 10, blue 10, black 5” mixes colours and numbers: "
            "a group has one number, a run one colour.",
        ),
        (
            "R7 J R8 R9",
            "The run “red 7, joker, red 8, red 9” has too many tiles between red 7 and red 8.",
        ),
        (
            "J K1 B3",
            "The set “joker, black 1, blue 3” mixes colours and numbers: a group has one number, "
            "a run one colour.",
        ),
        (
            "R10 B10 K10 O10 J",
            "The group “red 10, blue 10, black 10, orange 10, joker” has 5 tiles; a group has "
            "at most 4.",
        ),
        ("R5 R6 X7", "X7 is not a tile: write R, B, K or O then 1 to 13, or J for a joker."),
        ("R13 R13 B13", "Red 13 is not in your rack."),
    ],
)
def test_an_illegal_table_is_refused_with_the_engines_reason(
    alice: AbstractBaseUser, alice_client: Client, written: str, reason: str
) -> None:
    match = rummy_match(alice)
    status, html = post(alice_client, match, action="play", table=written)
    assert status == 400
    assert message_of(html) == reason
    assert current(match).round.actions == []


def test_a_run_past_13_or_below_1_and_a_group_with_a_colour_twice_are_refused(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = rummy_match(alice, racks=("K11 K12 K13 J R4 R4 B4 O6 O7 O8 O9 B1 B2 B3", SCATTERED))
    status, html = post(alice_client, match, action="play", table="K11 K12 K13 J")
    assert (status, message_of(html)) == (
        400,
        "The run “black 11, black 12, black 13, joker” goes past 13: nothing follows 13.",
    )
    status, html = post(alice_client, match, action="play", table="J B1 B2")
    assert (status, message_of(html)) == (
        400,
        "The run “joker, blue 1, blue 2” goes below 1: 1 can only be the lowest tile.",
    )
    status, html = post(alice_client, match, action="play", table="R4 R4 B4")
    assert (status, message_of(html)) == (
        400,
        "The group “red 4, red 4, blue 4” has red 4 twice; its colours must all differ.",
    )


def test_the_initial_meld_may_not_touch_the_sets_on_the_table(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = rummy_match(
        alice,
        racks=(
            "R10 B10 K10 O11 K5 K6 R7 R8 R9 B3 B4 K1 O2 B13",
            "O7 O8 O9 O10 " + "R1 B1 B2 K3 O4 R5 B6 R12 B11 K12",
        ),
        first=1,
    )
    computer_plays(match, "play:O7 O8 O9 O10")
    status, html = post(alice_client, match, action="play", table="O7 O8 O9 O10 O11|R10 B10 K10")
    assert status == 400
    assert message_of(html) == (
        "Your initial meld may use only tiles from your rack: the set “orange 7, orange 8, "
        "orange 9, orange 10” on the table must stay as it was."
    )
    status, _html = post(alice_client, match, action="play", table="O7 O8 O9 O10|R10 B10 K10")
    assert status == 200


def melded_match(alice: AbstractBaseUser, alice_client: Client) -> Match:
    """Alice has melded R10 B10 K10 J (the joker stands for O10); the computer drew."""
    match = rummy_match(alice)
    assert post(alice_client, match, action="play", table="R10 B10 K10 J")[0] == 200
    computer_plays(match, "draw")
    return match


def test_after_the_meld_a_table_tile_never_goes_back_to_the_rack(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = melded_match(alice, alice_client)
    status, html = post(alice_client, match, action="play", table="R10 B10 J|R7 R8 R9")
    assert status == 400
    assert message_of(html) == "Black 10 was on the table: it may not go back to your rack."


def test_a_joker_is_taken_only_with_the_tile_it_stands_for(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = melded_match(alice, alice_client)
    status, html = post(alice_client, match, action="play", table="R10 B10 K10|K5 K6 J")
    assert status == 400
    assert message_of(html) == (
        "To take the joker from “red 10, blue 10, black 10, joker”, put orange 10 on the table "
        "in its place."
    )
    status, html = post(alice_client, match, action="play", table="R10 B10 K10 O10")
    assert status == 400
    assert message_of(html) == "The joker you took must stay on the table."

    status, html = post(alice_client, match, action="play", table="R10 B10 K10 O10|K5 K6 J")
    assert status == 200
    assert current(match).round.actions[-1] == "play:R10 B10 K10 O10|K5 K6 J"
    assert "You played 3 tiles" in html


def test_a_move_made_on_an_old_table_is_refused_as_stale(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = melded_match(alice, alice_client)
    status, html = post(alice_client, match, action="draw", version=1)
    assert status == 409
    assert message_of(html) == "The table changed before your move arrived: here it is now."
    assert current(match).round.actions == ["play:R10 B10 K10 J", "draw"]


def test_a_move_out_of_turn_is_refused(alice: AbstractBaseUser, alice_client: Client) -> None:
    match = rummy_match(alice, first=1)
    status, html = post(alice_client, match, action="draw")
    assert status == 409
    assert message_of(html) == "It is not your turn."
    with pytest.raises(services.MoveRejected) as refused:
        services.play(match.pk, {"action": "draw", "version": 0}, user=alice)
    assert refused.value.reason == "not_your_turn"


def test_a_move_that_is_not_one_is_refused_as_malformed(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = rummy_match(alice)
    with pytest.raises(services.MoveRejected) as refused:
        services.play(match.pk, {"action": "fly", "version": 0}, user=alice)
    assert (refused.value.reason, refused.value.message) == ("malformed", "That is not a move.")
    with pytest.raises(services.MoveRejected) as refused:
        services.play(match.pk, {"action": "play", "table": "R1 " * 400, "version": 0}, user=alice)
    assert (refused.value.reason, refused.value.message) == ("malformed", "That is not a table.")
    status, html = post(alice_client, match, action="play", table="R7  R8")
    assert (status, message_of(html)) == (
        400,
        "Separate the tiles with single spaces and the sets with a single |.",
    )


def test_passing_is_refused_while_the_pool_has_tiles(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = rummy_match(alice)
    status, html = post(alice_client, match, action="pass")
    assert status == 400
    assert message_of(html) == "You may pass only when the pool is empty: draw a tile instead."


def test_with_the_pool_empty_everyone_passes_and_the_fewest_points_win(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = rummy_match(alice)
    while current(match).view_for(0).pool_size:
        table = current(match)
        if table.to_move == 0:
            services.play(match.pk, {"action": "draw", "version": table.match.version}, user=alice)
        else:
            computer_plays(match, "draw")
    table = current(match)
    assert table.to_move == 0
    status, html = post(alice_client, match, action="draw")
    assert (status, message_of(html)) == (400, "The pool is empty: play tiles or pass.")
    assert 'value="pass" id="pass-button"' in html
    assert 'id="draw-button"' not in html
    assert post(alice_client, match, action="pass")[0] == 200
    computer_plays(match, "pass")

    finished = Match.objects.get(pk=match.pk)
    assert finished.status == Match.Status.FINISHED
    result = finished.rounds.get().result
    points = result["hand_points"]
    low = min(points)
    assert result["went_out"] is None
    assert result["changes"] == [
        sum(p - low for p in points) if p == low else -(p - low) for p in points
    ]
    assert finished.scores == result["changes"]
    assert len(result["racks"][0].split()) == 14 + 39  # half of the pool's 78 draws


def test_going_out_ends_the_game_with_every_rack_shown_and_the_points(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = rummy_match(alice, racks=("R10 R11 R12 R13 B1 B2 B3 K7 O7 B7 J O4 O5 O6", SCATTERED))
    status, html = post(
        alice_client, match, action="play", table="R10 R11 R12 R13|B1 B2 B3|K7 O7 B7 J|O4 O5 O6"
    )
    assert status == 200
    finished = Match.objects.get(pk=match.pk)
    scattered_points = 1 + 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 11 + 12 + 13 + 13
    assert finished.rounds.get().result == {
        "went_out": 0,
        "winners": [0],
        "hand_points": [0, scattered_points],
        "changes": [scattered_points, -scattered_points],
        "totals": [scattered_points, -scattered_points],
        "racks": ["", "R1 R5 R9 R13 B1 B2 B6 B11 K3 K7 K12 O4 O8 O13"],
    }
    assert finished.status == Match.Status.FINISHED
    assert finished.winner == 0
    assert "You went out." in html
    assert "You won the match! Well played." in html
    # The computer's rack is shown now that the game is over.
    for code in SCATTERED.split():
        assert f'data-tile="{code}"' in html


def test_a_match_of_three_games_deals_the_next_with_the_next_player_first(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = services.create_practice_match(
        alice, "rummy", {"games": 3}, "beginner", players=2, seed=3
    )
    script_game(match, ("R10 R11 R12 R13 B1 B2 B3 K7 O7 B7 J O4 O5 O6", SCATTERED))
    status, html = post(
        alice_client, match, action="play", table="R10 R11 R12 R13|B1 B2 B3|K7 O7 B7 J|O4 O5 O6"
    )
    assert status == 200
    assert 'id="next-button"' in html
    assert "Deal the next game" in html
    response = alice_client.post(f"/play/{match.pk}/next/", {"version": 1}, **HTMX)
    assert response.status_code == 200
    table = current(match)
    assert table.round.number == 2
    assert table.round.setup["deal"]["first"] == 1
    assert table.round.setup["scores"] == [95, -95]
    assert table.match.progress == {"first": 1, "games_played": 1}
    html = response.content.decode()
    assert "Games of this match" in html


def test_the_hint_shows_the_solvers_best_play_on_alices_turn_only(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    match = rummy_match(alice)
    response = alice_client.get(f"/play/{match.pk}/hint/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-hint-table="' in html
    hinted = re.search(r'data-hint-table="([^"]*)"', html)
    assert hinted is not None
    # The play shown as the sets it makes, every rack tile marked in its set.
    count = re.search(r"The best play puts (\d+) tiles", html)
    assert count is not None
    sets = re.findall(r'<ul class="tiles-row small hint-set"[^>]*>(.*?)</ul>', html)
    assert sets
    assert all("from-rack" in tiles for tiles in sets)
    assert sum(tiles.count("from-rack") for tiles in sets) == int(count.group(1))
    assert "from your rack are marked" not in html  # an initial meld: every tile is the rack's
    # The solver's play is legal: the same table goes through the service.
    status, _html = post(alice_client, match, action="play", table=hinted.group(1))
    assert status == 200
    response = alice_client.get(f"/play/{match.pk}/hint/")
    assert response.status_code == 409
    assert "A hint is for your own turn." in response.content.decode()


def test_the_hint_shows_the_sets_its_play_makes_with_the_rack_tiles_marked() -> None:
    """A rack tile is marked in the set that takes it, never in a set of the table that stays
    as it was (which is left out), though that set holds a copy of the same tile."""
    before = [parse_tiles("R8 O8 K8"), parse_tiles("R5 R6 R7"), parse_tiles("B1 B2 B3 B4")]
    after = [
        parse_tiles("R8 O8 K8"),
        parse_tiles("R5 R6 R7 R8 R9"),
        parse_tiles("B1 B2 B3"),
        parse_tiles("B4 B5 B6"),
    ]
    sets = hinted_sets(parse_tiles("R8 R9 B5 B6"), before, after)
    assert [[(tile.code, tile.from_rack) for tile in tiles] for tiles in sets] == [
        [("R5", False), ("R6", False), ("R7", False), ("R8", True), ("R9", True)],
        [("B1", False), ("B2", False), ("B3", False)],
        [("B4", False), ("B5", True), ("B6", True)],
    ]


def test_nobody_but_the_player_sees_the_hint_and_friends_tables_have_none(
    alice: AbstractBaseUser, bob: AbstractBaseUser, bob_client: Client, alice_client: Client
) -> None:
    match = rummy_match(alice)
    assert bob_client.get(f"/play/{match.pk}/hint/").status_code == 404
    table = services.create_friends_table(alice, "rummy", {"games": 1}, 2, computers={1: "normal"})
    services.start_table(table.pk, user=alice)
    assert alice_client.get(f"/play/{table.pk}/hint/").status_code == 403
    assert "/hint/" not in alice_client.get(f"/play/{table.pk}/").content.decode()


def test_a_refused_turn_keeps_the_page_at_the_same_version(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    """The page lays the player's arrangement out again when the table comes back at the
    version it was made on."""
    match = rummy_match(alice)
    _status, html = post(alice_client, match, action="play", table="R7 R8 R9")
    assert 'data-version="0"' in html


def test_the_log_says_what_each_player_did(alice: AbstractBaseUser, alice_client: Client) -> None:
    match = melded_match(alice, alice_client)
    post(alice_client, match, action="draw")
    html = alice_client.get(f"/play/{match.pk}/").content.decode()
    lines = re.findall(r'<li class="log-\w+">(.*?)</li>', html)
    assert [line.split("<")[0] for line in lines] == [
        "You drew a tile",
        "Lolek drew a tile",
        "You played 4 tiles",
    ]
    # The tiles played, drawn as tiles and named for a screen reader, never in notation.
    assert re.findall(r'role="img" aria-label="([^"]+)"', lines[2]) == [
        "red 10",
        "blue 10",
        "black 10",
        "joker",
    ]


def test_every_rendering_shows_alice_only_her_rack_and_the_table(
    alice: AbstractBaseUser, alice_client: Client
) -> None:
    """A whole game between Alice (played by a Beginner computer through the service) and a
    Beginner: after every move, her table shows no tile she may not see."""
    match = services.create_practice_match(
        alice, "rummy", {"games": 1}, "beginner", players=2, seed=21
    )
    checked = 0
    for _ in range(400):
        table = current(match)
        if table.match.is_finished:
            break
        seat = table.to_move
        assert seat is not None
        view = table.view_for(seat)
        action = run_chooser(table.spec.computers.chooser, "beginner", view, f"t{checked}")
        if seat == 0:
            kind, _sep, written = action.partition(":")
            services.play(
                match.pk,
                {"action": kind, "table": written, "version": table.match.version},
                user=alice,
            )
        else:
            services.submit_move(match.pk, action, table.match.version, computer_seat=1)
        after = current(match)
        racks = after.round.result["racks"] if after.round.result else []
        shown_at_end = [code for rack in racks for code in rack.split()]
        html = table_fragments(after, 0)
        visible = visible_tiles(after.view_for(0), shown_at_end)
        assert hidden_tiles_shown(html, visible) == set()
        checked += 1
    assert Match.objects.get(pk=match.pk).is_finished
    assert checked > 10
    assert Round.objects.filter(match=match).count() == 1


def test_the_scanner_finds_a_hidden_tile_that_is_shown(alice: AbstractBaseUser) -> None:
    match = rummy_match(alice)
    table = current(match)
    html = table_fragments(table, 0)
    visible = visible_tiles(table.view_for(0))
    assert hidden_tiles_shown(html, visible) == set()
    assert hidden_tiles_shown(html + '<li data-tile="O13">', visible) == {"O13"}
    assert hidden_tiles_shown(html + "orange 13", visible) == {"O13"}
    assert hidden_tiles_shown(html + '<li data-tile="R10">', visible) == {"R10"}
