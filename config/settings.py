"""Settings for the games site. SQLite and the in-memory channel layer unless the environment
says otherwise: DATABASE_URL=postgres://... and REDIS_URL=redis://... for production."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import ParseResult, unquote, urlparse

import django_stubs_ext
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.env import env_bool, env_int, env_list, env_str

# Django's generic classes subscriptable at run time too (ModelAdmin[Match]).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DJANGO_DEBUG", False)
SECRET_KEY = env_str("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
    SECRET_KEY = "insecure-development-key-do-not-use-in-production"
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", [])

# HTTPS: on unless debugging (DJANGO_HTTPS=0 for a plain-http run with debug off): http is
# redirected to https, cookies are sent over https only, and browsers are told to keep to
# https (HSTS) for DJANGO_HSTS_SECONDS.
HTTPS = env_bool("DJANGO_HTTPS", not DEBUG)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = env_int("DJANGO_HSTS_SECONDS", 365 * 24 * 3600 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("DJANGO_HSTS_PRELOAD", False)
# Pages send the CSRF token in their htmx headers; no script reads the cookie.
CSRF_COOKIE_HTTPONLY = True
# Behind a reverse proxy that terminates TLS, the server decides which proxy it trusts: it alone
# sees the address a request comes from (uvicorn's --forwarded-allow-ips, naming the proxy, sets
# the client's address and the scheme from X-Forwarded-For and X-Forwarded-Proto of that proxy
# only). Django then takes the address the server gives, and never reads those headers itself:
# a client that reached the server other than through the proxy could forge them.
for _gone in ("DJANGO_BEHIND_PROXY", "DJANGO_TRUSTED_PROXY_COUNT", "DJANGO_CLIENT_IP_HEADER"):
    if _gone in os.environ:
        raise ImproperlyConfigured(
            f"{_gone} is gone: name the proxy in uvicorn's --forwarded-allow-ips (docs/deploy.md)"
        )

# Content-Security-Policy (django-csp): scripts, styles and sockets from this site only, no
# inline scripts or event handlers. Style attributes stay allowed (a hand's card count).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "style-src-attr": [UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "channels",
    "django_htmx",
    "template_partials",
    "allauth",
    "allauth.account",
    "csp",
    "accounts",
    "games",
    # Each game is an app that registers itself with the core; the lobby lists them in this
    # order (the first is the default).
    "games.thousand",
    "games.rummy",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.KeepSignedInMiddleware",
    "accounts.languages.AccountLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]


def _database(url: str) -> dict[str, object]:
    if not url:
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": BASE_DIR / "db.sqlite3",
            "OPTIONS": {"transaction_mode": "IMMEDIATE", "timeout": 20},
            "TEST": {"NAME": BASE_DIR / "test-db.sqlite3"},
        }
    parsed = urlparse(url)
    if parsed.scheme not in ("postgres", "postgresql"):
        raise ImproperlyConfigured(f"DATABASE_URL must be a postgres:// URL, not {url!r}")
    name = parsed.path.lstrip("/")
    pool = _pool()
    return {
        # Django's backend, with a pool that checks only connections that sat idle.
        "ENGINE": "config.postgresql",
        "NAME": name,
        "USER": unquote(parsed.username or ""),
        "PASSWORD": unquote(parsed.password or ""),
        "HOST": _host(parsed),
        "PORT": str(parsed.port or ""),
        "CONN_MAX_AGE": 0 if pool else env_int("DATABASE_CONN_MAX_AGE", 0),
        # A connection the server closed (a PostgreSQL restart) is replaced before use; with
        # the pool, checked as the pool hands it out.
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": {"pool": pool} if pool else {},
        "TEST": {"NAME": f"test_{name}"},
    }


def _host(parsed: ParseResult) -> str:
    """The server's host, or its socket directory written percent-encoded
    (``postgresql://user@%2Fvar%2Frun%2Fpostgresql/name``, for local peer authentication)."""
    location = parsed.netloc.rpartition("@")[2]
    if location[:3].upper() == "%2F":
        return unquote(location.partition(":")[0])
    return parsed.hostname or ""


def _pool() -> dict[str, object] | None:
    """PostgreSQL connections reused from a pool in each process (DATABASE_POOL, on by
    default). Under ASGI every request and every consumer call runs in a thread of its own
    making, so Django's persistent connections (CONN_MAX_AGE) would be left behind with their
    threads; a pool hands a connection back when Django closes it. Without the pool,
    DATABASE_CONN_MAX_AGE applies (0: a new connection per request, the WSGI default)."""
    if not env_bool("DATABASE_POOL", True):
        return None
    return {
        "min_size": env_int("DATABASE_POOL_MIN_SIZE", 2),
        "max_size": env_int("DATABASE_POOL_MAX_SIZE", 20),
        # Seconds a thread waits for a free connection before the request fails.
        "timeout": env_int("DATABASE_POOL_TIMEOUT", 10),
    }


DATABASES = {"default": _database(env_str("DATABASE_URL", ""))}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    # The tables' rendered pieces that seldom change (the score sheet), in each process: keyed
    # by what they show, so never stale.
    "fragments": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "fragments",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": 4096},
    },
}

REDIS_URL = env_str("REDIS_URL", "")
if REDIS_URL:
    # Redis's publish/subscribe: a change's notice is one PUBLISH, which each server process
    # subscribed to the match hands to its consumers. channels-redis's original layer (a list
    # per channel, several commands per notice) carried about a quarter fewer computer moves
    # under `manage.py loadtest` (docs/load.md). A socket timeout longer than redis-py 8's
    # default 5 s, which ended the original layer's 5 s blocking reads and closed every idle
    # WebSocket (channels_redis #422, redis-py #4091).
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "config.channel_layers.RedisPubSubLayer",
            "CONFIG": {
                "hosts": [
                    {"address": REDIS_URL, "socket_timeout": 30, "socket_connect_timeout": 5}
                ],
                # Sites (or test workers) sharing one Redis keep their notices apart by it.
                "prefix": env_str("CHANNEL_LAYER_PREFIX", "asgi"),
            },
        }
    }
    # Shared by every server process: allauth's rate limits count here, and the sessions are
    # read from it (written through to the database): a table socket checks its session with
    # every move it makes (games/core/sessions.py).
    CACHES["default"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
    }
    SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    # 12 characters at least, as OWASP's ASVS asks at its first level.
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 12},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("pl", _("Polish")),
    ("ro", _("Romanian")),
    ("vi", _("Vietnamese")),
    ("gl", _("Galician")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# Dates as each language writes them where Django's formats differ (config/formats/).
FORMAT_MODULE_PATH = ["config.formats"]
# The first visit reads Accept-Language (LocaleMiddleware); the header's picker keeps the
# choice in this cookie for a year, and in the profile of a signed-in person
# (accounts.languages). URLs carry no language prefix.
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SECURE = HTTPS
LANGUAGE_COOKIE_HTTPONLY = True
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "static-collected"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Card & Tile Room <noreply@localhost>")

LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "home"

# Accounts (accounts/ and django-allauth): sign in by username or email; sign-up asks for a
# username, an optional display name and email, and a password. Guests ("Play now") are
# handled by accounts.adapter and accounts.forms.
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_USER_DISPLAY = "games.core.names.display_name"
ACCOUNT_FORMS = {
    "login": "accounts.forms.LoginForm",
    "signup": "accounts.forms.SignupForm",
    "reset_password": "accounts.forms.ResetPasswordForm",
    "set_password": "accounts.forms.SetPasswordForm",
    "add_email": "accounts.forms.AddEmailForm",
}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*", "password2*"]
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_EMAIL_VERIFICATION = "optional"
# A signed-in guest may still open the login page (to reach an older account); the adapter
# sends signed-in visitors of the sign-up page to the lobby, or guests to the upgrade page.
ACCOUNT_AUTHENTICATED_LOGIN_REDIRECTS = False
# Rate limits use the cache: with several server processes, configure a shared one.
# Failed sign-ins (the admin's too: config/urls.py sends it here): at most 10 a minute from
# one address, and 5 in 5 minutes for one login from one address ("key" is the address and
# the login together, accounts.adapter), so nobody can lock an owner out from elsewhere.
ACCOUNT_RATE_LIMITS = {
    "guest_start": "20/m/ip,200/h/ip",
    "guest_upgrade": "10/m/user",
    "login_failed": "10/m/ip,5/5m/key",
}

# Wrong table codes (games.core.limits): at most 10 a minute and 50 an hour from one address,
# and as many for one account, so the codes of friends' tables cannot be guessed.
TABLE_CODE_LIMITS = [(10, 60), (50, 3600)]

# The table chat (games.core.chat): at most 5 messages in 10 seconds from one person.
CHAT_LIMIT = (5, 10)

# Watchers of a friends' table (games.core.watchers): at most 100 watch sockets at one table;
# the players hear of watchers coming and going at most once a second (a later change waits for
# the next second, and one notice then tells them all); a watcher's socket that sends more than
# 10 frames in 10 seconds is closed.
WATCHERS_PER_TABLE = 100
WATCHERS_NOTICE_SECONDS = 1.0
WATCHER_FRAMES = (10, 10)

LOG_LEVEL = env_str("LOG_LEVEL", "INFO")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # One line per event, with the process (several serve the same tables).
    "formatters": {
        "line": {"format": "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"}
    },
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "line"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    # Django's own loggers (the development server's request lines among them) go to the root's
    # handler only: Django's default one for them would write each line a second time.
    "loggers": {"django": {"handlers": [], "level": LOG_LEVEL}},
}

# Computer players (games/core/computers/): the pause before each computer move so people can
# follow it, and where the decisions are computed ("process": a pool of BOT_PROCESSES worker
# processes, off the server's event loop and its GIL; "thread": a thread pool, for tests).
BOT_MOVE_DELAY = env_int("BOT_MOVE_DELAY_MS", 900) / 1000
BOT_COMPUTE = env_str("BOT_COMPUTE", "process")
if BOT_COMPUTE not in ("process", "thread"):
    raise ImproperlyConfigured(f"BOT_COMPUTE must be process or thread, not {BOT_COMPUTE!r}")
BOT_PROCESSES = env_int("BOT_PROCESSES", 2)
# How long a server process's claim on a match's computer turns holds without renewal: after a
# crash, the computers of its matches resume this long after the claim's last renewal.
BOT_LEASE_SECONDS = env_int("BOT_LEASE_SECONDS", 30)

# Threads of each server process for the database work of its sockets (moves and tables) and
# of its computer players (games/threads.py): a few shared threads, not one per socket.
TABLE_THREADS = env_int("TABLE_THREADS", 4)
COMPUTER_THREADS = env_int("COMPUTER_THREADS", 2)

# HTTP requests each server process serves at once, a match's own requests aside (the others
# wait their turn: config.asgi.PageQueue); 0: no limit.
PAGE_REQUESTS = env_int("PAGE_REQUESTS", 2)

# How much lower than the rest of the process the thread of a page runs (a nice value added,
# Linux only): with the processors short, the matches in progress come first. 0: the same.
PAGE_NICENESS = env_int("PAGE_NICENESS", 10)

# Seconds after a server process starts (once the first requests have loaded the templates and
# catalogues) until its heap is frozen out of the garbage collector's full scans (config/asgi.py);
# 0: never.
GC_FREEZE_AFTER = env_int("GC_FREEZE_AFTER_SECONDS", 30)

# How long a table socket's presence lasts unless the socket renews it (games/core/presence.py):
# a server that dies leaves its people shown at their tables this long at most.
PRESENCE_SECONDS = env_int("PRESENCE_SECONDS", 60)

# The speed-ups that use internals of Django, Channels and channels-redis (config/speedups.py),
# on for the releases they were tested against; 0: the plain public path everywhere.
PRIVATE_SPEEDUPS = env_bool("PRIVATE_SPEEDUPS", True)
