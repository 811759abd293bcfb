"""Production settings pass Django's deployment checks, plain-http runs (debug, tests) keep
working, and every page carries a Content-Security-Policy its templates live within."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.core.computers import runner as bot_runner
from games.thousand.engine import Rules

ROOT = Path(__file__).resolve().parent.parent
PRODUCTION = {
    "DJANGO_SECRET_KEY": "x7Kq-production-like-key-of-fifty-or-more-characters-9fT2mZ",
    "DJANGO_ALLOWED_HOSTS": "games.example.com",
}
FIXED = ("security.W004", "security.W008", "security.W012", "security.W016")
READ_SETTINGS = (
    "import config.settings as s;"
    "print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE,"
    " s.SECURE_HSTS_SECONDS, getattr(s, 'SECURE_PROXY_SSL_HEADER', None),"
    " getattr(s, 'ALLAUTH_TRUSTED_PROXY_COUNT', 0))"
)


def _run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return subprocess.run(
        [sys.executable, *args],
        env={**clean, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_deployment_check_finds_no_https_or_cookie_problem() -> None:
    answer = _run(["manage.py", "check", "--deploy"], **PRODUCTION)
    assert answer.returncode == 0, answer.stderr
    output = answer.stdout + answer.stderr
    assert "System check identified" in output or "no issues" in output
    for check_id in FIXED:
        assert check_id not in output


def test_production_defaults_are_https_and_leave_forwarded_headers_to_the_server() -> None:
    answer = _run(["-c", READ_SETTINGS], **PRODUCTION)
    assert answer.stdout.split() == ["True", "True", "True", "31536000", "None", "0"], answer.stderr


@pytest.mark.parametrize(
    "gone", ["DJANGO_BEHIND_PROXY", "DJANGO_TRUSTED_PROXY_COUNT", "DJANGO_CLIENT_IP_HEADER"]
)
def test_a_setting_that_trusted_forwarded_headers_in_django_fails_loudly(gone: str) -> None:
    answer = _run(["-c", READ_SETTINGS], **PRODUCTION, **{gone: "1"})
    assert answer.returncode != 0
    assert f"{gone} is gone: name the proxy in uvicorn's --forwarded-allow-ips" in answer.stderr


@pytest.mark.parametrize("env", [{"DJANGO_DEBUG": "1"}, {"DJANGO_HTTPS": "0"}])
def test_a_plain_http_run_has_no_redirect_and_no_https_only_cookies(env: dict[str, str]) -> None:
    answer = _run(["-c", READ_SETTINGS], DJANGO_SECRET_KEY="k", **env)
    assert answer.stdout.split() == ["False", "False", "False", "0", "None", "0"], answer.stderr


@pytest.mark.django_db
def test_pages_carry_the_content_security_policy(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bot_runner, "request_bot_moves", lambda match_id, turn=None: None)
    user = get_user_model().objects.create_user("alice")
    match = services.create_practice_match(user, "thousand", Rules().to_dict(), "normal", seed=1)
    client.force_login(user)
    for url in ("/", "/accounts/login/", "/play/", f"/play/{match.pk}/"):
        response = client.get(url)
        assert response.status_code == 200, url
        policy = dict(
            directive.strip().split(" ", 1)
            for directive in response["Content-Security-Policy"].split(";")
        )
        assert policy["script-src"] == "'self'", url
        assert policy["style-src"] == "'self'", url
        assert policy["connect-src"] == "'self'", url
        assert policy["frame-ancestors"] == "'none'", url


@pytest.mark.django_db
def test_the_csrf_cookie_is_out_of_scripts_reach(client: Client) -> None:
    response = client.get("/accounts/login/")
    assert response.cookies["csrftoken"]["httponly"] is True


TEMPLATE_DIRS = [ROOT / "templates", ROOT / "games" / "templates", ROOT / "accounts" / "templates"]
INLINE = [
    re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE),  # an inline script
    re.compile(r"<style\b", re.IGNORECASE),  # an inline style sheet
    re.compile(r"\son[a-z]+\s*=", re.IGNORECASE),  # an event handler attribute
    re.compile(r"\shx-on[:-]", re.IGNORECASE),  # htmx's inline handlers (eval)
    re.compile(r"hx-trigger=\"[^\"]*\[", re.IGNORECASE),  # an htmx trigger filter (eval)
    re.compile(r"javascript:", re.IGNORECASE),
]


def test_no_template_needs_inline_script_or_eval() -> None:
    found = []
    for directory in TEMPLATE_DIRS:
        for template in sorted(directory.rglob("*.html")):
            text = template.read_text()
            found += [
                f"{template.relative_to(ROOT)}: {m.group(0)}"
                for p in INLINE
                for m in p.finditer(text)
            ]
    assert found == []
