"""Transport of the client: HTTPS, auth, time-outs, pacing, retries and errors in one place."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import ssl
from collections.abc import Callable, Mapping
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any, Self
from urllib.parse import urlsplit

import certifi
import httpx

from desktop_app import __version__
from desktop_app.client._pool import async_http_client
from desktop_app.client.errors import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    CertificateError,
    NotFoundError,
    RateLimitError,
    SessionEndedError,
    error_from_response,
)
from desktop_app.client.ratelimit import RateLimitPacer, Ticket, pacer_for
from desktop_app.client.session_calls import SessionCalls

log = logging.getLogger("packdesk.client")

# --- time-outs (seconds): the only place they are set ----------------------------------------
CONNECT_TIMEOUT = 5.0
DEFAULT_TIMEOUT = httpx.Timeout(30.0, connect=CONNECT_TIMEOUT)
# the carrier answers inside the creation call; the spec asks for a little over a minute
SHIPMENT_CREATE_TIMEOUT = httpx.Timeout(75.0, connect=CONNECT_TIMEOUT)
LABEL_DOWNLOAD_TIMEOUT = httpx.Timeout(30.0, connect=CONNECT_TIMEOUT)
#: what one attempt may take beyond its connect + read time-outs before it counts as hung
ATTEMPT_MARGIN_S = 5.0


def attempt_deadline(timeout: httpx.Timeout) -> float:
    """Seconds one attempt may take in all (connect + read time-out + a margin).

    A healthy call connects and is answered within its time-outs; only a broken pool goes past
    this: httpcore 1.0.9 can leave a connection orphaned with its lock held (encode/httpcore#1093),
    and a request handed to it waits on that lock, where no time-out of httpx applies."""
    return (timeout.connect or 0.0) + (timeout.read or 0.0) + ATTEMPT_MARGIN_S


# --- retries ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RetryPolicy:
    """How often and how long to retry where it is safe."""

    max_retries: int = 3  # for connection errors, time-outs and 503 on safe methods
    max_rate_limit_retries: int = 5  # 429: the request was rejected, so re-sending is safe
    backoff_base: float = 0.5
    backoff_max: float = 8.0

    def backoff(self, attempt: int) -> float:
        """Exponential back-off with full jitter for retry number `attempt` (1-based)."""
        ceiling = min(self.backoff_max, self.backoff_base * 2 ** (attempt - 1))
        return random.uniform(ceiling / 2, ceiling)


RETRY = RetryPolicy()
# methods whose repetition does no harm even if the first attempt reached the service
IDEMPOTENT_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "DELETE"})
# methods sent once more on a fresh pool after an attempt hung (others only with an
# Idempotency-Key: the service then does the work once however often it is sent)
REPEATABLE_AFTER_HANG = frozenset({"GET", "HEAD", "OPTIONS"})
IDEMPOTENCY_HEADER = "idempotency-key"

USER_AGENT = f"Packdesk/{__version__}"
#: the header that carries a signed-in person's session token (Packdesk extension)
SESSION_HEADER = "X-Packdesk-Session"


def check_https(url: str, what: str = "base URL") -> str:
    """Refuse anything but an https:// URL with a host."""
    parts = urlsplit(url)
    if parts.scheme.lower() != "https" or not parts.hostname:
        raise ValueError(
            f"The {what} must start with https:// (got {url!r}): the shipping service is only "
            "used over HTTPS, so that the API key and the shipment data stay private."
        )
    return url


def ssl_context(ca_file: str | None) -> ssl.SSLContext:
    """Trust only the profile's CA when given (local sandbox), else the public CAs."""
    if ca_file:
        return ssl.create_default_context(cafile=str(ca_file))
    return ssl.create_default_context(cafile=certifi.where())


def origin(url: str) -> tuple[str, str, int]:
    """(scheme, host, port) of a URL, for same-host checks."""
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return parts.scheme.lower(), (parts.hostname or "").lower(), port


@dataclass
class ClientStats:
    """Answers seen by one client (for the status bar, diagnostics and the benchmark)."""

    responses: int = 0
    rate_limited: int = 0  # 429 answers; the pacer is there to keep this at zero

    def count(self, status: int) -> None:
        """Count one answer."""
        self.responses += 1
        if status == 429:
            self.rate_limited += 1


def _headers(language: str | None) -> dict[str, str]:
    """Every request's headers; with `language` (the desk's, e.g. "de") the documents the
    service words itself (the manifest) come in it."""
    headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    if language:
        headers["Accept-Language"] = language
    return headers


class BaseClient:
    """The HTTP layer: one `httpx.AsyncClient`, the key's pacer and `_request()`."""

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        ca_file: str | None = None,
        retry: RetryPolicy = RETRY,
        pacer: RateLimitPacer | None = None,
        http_client: httpx.AsyncClient | None = None,
        max_connections: int = 20,
        event_hooks: Mapping[str, list[Callable[..., Any]]] | None = None,
        language: str | None = None,
    ) -> None:
        check_https(base_url)
        if not api_key:
            raise ValueError("An API key is needed to talk to the shipping service.")
        self.base_url = base_url.rstrip("/")
        self._api_root = self.base_url if self.base_url.endswith("/v1") else self.base_url + "/v1"
        self._auth = httpx.BasicAuth(api_key, "")
        self._ca_file = ca_file
        self.retry = retry
        self.pacer = pacer or pacer_for(self.base_url, api_key)
        self._http_options: dict[str, Any] = {
            "verify": ssl_context(ca_file),
            "timeout": DEFAULT_TIMEOUT,
            "headers": _headers(language),
            "limits": httpx.Limits(max_connections=max_connections),
            "follow_redirects": False,  # a redirect must never carry the key elsewhere
            "event_hooks": {k: list(v) for k, v in (event_hooks or {}).items()},
        }
        # a client given by the caller is theirs: it is never replaced (see _renew_http)
        self._owns_http = http_client is None
        self._http = http_client or async_http_client(**self._http_options)
        self._retiring: dict[asyncio.Task[None], httpx.AsyncClient] = {}
        self._foreign_http: httpx.AsyncClient | None = None
        # the service's announced public origin, once asked (see _service_origins)
        self._announced_origin: tuple[str, str, int] | None = None
        self.stats = ClientStats()
        # a signed-in person's session token (memory only; see resources/people.py)
        self._session_token: str | None = None
        self._session_calls = SessionCalls()
        self._session_lost: list[Callable[[], None]] = []

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r})"  # never the key

    async def aclose(self) -> None:
        """Close the connections."""
        self._session_calls.end()
        await self._http.aclose()
        retiring, self._retiring = self._retiring, {}
        for task in retiring:
            task.cancel()  # (a pool dropped after a hang waits out its calls' deadline)
        if retiring:
            await asyncio.gather(*retiring, return_exceptions=True)
        for old in retiring.values():
            with contextlib.suppress(Exception):
                await old.aclose()
        if self._foreign_http is not None:
            await self._foreign_http.aclose()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    @property
    def signed_in(self) -> bool:
        """True while a person's session token goes with every request."""
        return self._session_token is not None

    def set_session(self, token: str | None) -> None:
        """Send `token` as `X-Packdesk-Session` from now on (None: no one is signed in).

        Ending a session cuts its calls still waiting or in flight (they raise
        `SessionEndedError`) and gives the next session connections of its own: nothing of
        one person's session (a parked request, a connection gone silent) holds up the next."""
        if token == self._session_token:
            return
        ended = self._session_token is not None
        self._session_token = token
        if ended:
            cut = self._session_calls.end()
            if cut:
                log.info("the session ended: %d call(s) of it cut", cut)
            self._renew_http()
        self._session_calls = SessionCalls()

    def end_session(self) -> str | None:
        """End the session here (as `set_session(None)`); returns its token, to end it at the
        service too (None: no one was signed in)."""
        token = self._session_token
        self.set_session(None)
        return token

    def _renew_http(self, grace_s: float | None = None) -> bool:
        """A fresh connection pool (False: the caller's own, never replaced). The old one is
        closed once its cut calls have unwound, or after `grace_s` (the calls still on it end
        within their deadline)."""
        if not self._owns_http:
            return False
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False  # no loop to close the old pool on: keep it
        old, self._http = self._http, async_http_client(**self._http_options)
        task = loop.create_task(_close_later(old, grace_s))
        self._retiring[task] = old
        task.add_done_callback(lambda done: self._retiring.pop(done, None))
        return True

    def _drop_hung_pool(self, http: httpx.AsyncClient, what: str) -> bool:
        """An attempt on `http` hung past its deadline: the next calls get a fresh pool (unless
        one was given already); True when the call may go on a fresh pool."""
        if http is not self._http:
            return True  # replaced meanwhile (another hung call, a session's end)
        log.warning("%s hung past its deadline: a fresh connection pool replaces %r", what, http)
        return self._renew_http(grace_s=_LONGEST_DEADLINE_S)

    def on_session_lost(self, observer: Callable[[], None]) -> Callable[[], None]:
        """Call `observer` when the service refuses the session (401: sign in again);
        returns an unsubscribe function."""
        self._session_lost.append(observer)

        def unsubscribe() -> None:
            if observer in self._session_lost:
                self._session_lost.remove(observer)

        return unsubscribe

    def _with_session(self, headers: Mapping[str, str] | None) -> Mapping[str, str] | None:
        if self._session_token is None:
            return headers
        return {**(headers or {}), SESSION_HEADER: self._session_token}

    def _session_refused(self, token: str | None, status: int) -> None:
        """A 401 to a request that carried the current session: it ended at the service."""
        if status != 401 or token is None or token != self._session_token:
            return
        self.set_session(None)
        for observer in list(self._session_lost):
            observer()

    async def _request_once(
        self, method: str, path: str, *, json: Any = None, session_token: str | None = None
    ) -> httpx.Response:
        """One call, neither paced nor retried (a sign-in: a refusal is final, and its 429
        is about wrong codes at this station, not the key's request budget). It carries
        `session_token` when given (a sign-out: the session already ended here)."""
        headers = {SESSION_HEADER: session_token} if session_token else None
        http = self._http
        deadline = asyncio.timeout(attempt_deadline(DEFAULT_TIMEOUT))
        try:
            async with deadline:
                response = await http.request(
                    method,
                    self._url(path),
                    json=json,
                    headers=headers,
                    auth=self._auth,
                    timeout=DEFAULT_TIMEOUT,
                )
        except httpx.HTTPError as exc:
            raise _transport_error(exc, method, path) from exc
        except TimeoutError as exc:
            if not deadline.expired():
                raise
            self._drop_hung_pool(http, f"{method} {path}")
            raise _hung_error(method, path, DEFAULT_TIMEOUT) from exc
        self.stats.count(response.status_code)
        if response.status_code >= 400:
            raise error_from_response(response)
        return response

    def _url(self, path: str) -> str:
        return self._api_root + "/" + path.lstrip("/")

    async def _request(
        self,
        method: str,
        path: str,
        *,
        json: Any = None,
        params: Mapping[str, Any] | None = None,
        timeout: httpx.Timeout | None = None,
        retry_unknown_outcome: bool | None = None,
        content: bytes | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> httpx.Response:
        """Send one API call with pacing, safe retries and errors mapped to exceptions."""
        method = method.upper()
        if retry_unknown_outcome is None:
            retry_unknown_outcome = method in IDEMPOTENT_METHODS
        url = self._url(path)
        clean_params = {k: v for k, v in (params or {}).items() if v is not None}
        attempt = 0
        rate_limited = 0
        hung = 0  # attempts that went past their deadline (a broken pool)
        uncertain = False  # an earlier attempt may have reached the service
        request_timeout = timeout or DEFAULT_TIMEOUT
        repeatable = method in REPEATABLE_AFTER_HANG or any(
            name.lower() == IDEMPOTENCY_HEADER for name in headers or {}
        )
        # the session this call belongs to: it is cut when that session ends, and never goes
        # out (again) under another person's
        session = self._session_token
        calls = self._session_calls
        while True:
            if session is not None and self._session_token != session:
                raise SessionEndedError(f"{method} {path}: the session ended before it was sent")
            ticket: Ticket | None = None
            http = self._http
            deadline = asyncio.timeout(None)  # set once the pacer lets the attempt go
            try:
                async with calls.call(f"{method} {path}") if session else nullcontext():
                    ticket = await self.pacer.acquire()
                    http = self._http  # (a hung call or a session's end may have replaced it)
                    async with deadline:
                        deadline.reschedule(
                            asyncio.get_running_loop().time() + attempt_deadline(request_timeout)
                        )
                        response = await http.request(
                            method,
                            url,
                            json=json,
                            content=content,
                            headers=self._with_session(headers),
                            params=clean_params or None,
                            auth=self._auth,
                            timeout=request_timeout,
                        )
            except httpx.HTTPError as exc:
                assert ticket is not None  # (only the request raises these)
                self.pacer.release(ticket, None)
                error = _transport_error(exc, method, path)
                attempt += 1
                safe = retry_unknown_outcome or not error.outcome_unknown
                if safe and error.retryable and attempt <= self.retry.max_retries:
                    uncertain = uncertain or error.outcome_unknown
                    delay = self.retry.backoff(attempt)
                    log.warning("%s %s failed (%s); retry in %.1f s", method, path, exc, delay)
                    await asyncio.sleep(delay)
                    continue
                raise error from exc
            except TimeoutError as exc:
                if ticket is not None:
                    self.pacer.release(ticket, None)
                if not deadline.expired():
                    raise
                hung += 1
                fresh_pool = self._drop_hung_pool(http, f"{method} {path}")
                if repeatable and fresh_pool and hung == 1:
                    log.warning("%s %s: sent once more on a fresh connection pool", method, path)
                    continue
                raise _hung_error(method, path, request_timeout) from exc
            except BaseException:
                if ticket is not None:
                    self.pacer.release(ticket, None)  # cancelled or cut: the slot still counts
                raise
            self._release(ticket, response)
            status = response.status_code
            self.stats.count(status)
            request_id = response.headers.get("x-request-id")
            log.debug("%s %s -> %s (request id %s)", method, path, status, request_id)
            if status < 400:
                return response
            error_ = error_from_response(response)
            self._session_refused(session, status)
            if (
                isinstance(error_, RateLimitError)
                and rate_limited < self.retry.max_rate_limit_retries
            ):
                rate_limited += 1
                # the pacer now blocks until Retry-After / the reset; acquire() waits for it
                log.info("%s %s rate limited; waiting %s s", method, path, error_.retry_after)
                continue
            if status == 503 and attempt < self.retry.max_retries:
                attempt += 1  # the service refused before doing anything: safe for any method
                await asyncio.sleep(_retry_after_or(response, self.retry.backoff(attempt)))
                continue
            if uncertain and method == "DELETE" and isinstance(error_, NotFoundError):
                # the earlier attempt whose answer was lost did delete it
                return response
            raise error_

    async def _service_origins(self, url: str) -> frozenset[tuple[str, str, int]]:
        """The origins that are this service: the profile's URL and, with a paired CA, the
        public URL the service announces (`GET /v1/pairing`, asked once over the verified
        connection of the profile's URL). A station may reach the service by an address or a
        name other than the one the service writes into `label_url` (or through a reverse proxy
        at that public URL); either way it is the service, whose CA the station paired with."""
        own = origin(self.base_url)
        if origin(url) == own or not self._ca_file:
            return frozenset({own})
        if self._announced_origin is None:
            try:
                response = await self._http.get(
                    self._url("pairing"), timeout=LABEL_DOWNLOAD_TIMEOUT
                )
            except httpx.HTTPError as exc:
                log.info("cannot ask the service for its public URL (%s)", exc)
                return frozenset({own})  # asked again at the next download
            announced = _announced_url(response)
            self._announced_origin = origin(announced) if announced else own
        return frozenset({own, self._announced_origin})

    def _release(self, ticket: Ticket, response: httpx.Response) -> None:
        self.pacer.release(ticket, response.headers, response.status_code)

    async def _download(self, url: str) -> bytes:
        """GET a label file: no API key, not paced, TLS checked against the trust of its origin:
        the paired CA for the service's own origins, the public CAs for any other host."""
        check_https(url, "label URL")
        own = origin(url) in await self._service_origins(url)
        if not own and self._foreign_http is None:
            # another host (e.g. a file store): public trust, never the paired CA
            self._foreign_http = async_http_client(
                verify=ssl_context(None),
                headers={"User-Agent": USER_AGENT},
                follow_redirects=True,  # file stores redirect; each hop must stay on https
                event_hooks={"request": [_require_https]},
            )
        attempt = 0
        while True:
            # the service's own pool trusts the paired CA (the key goes only with _request's
            # auth); read at each attempt: a session's end gives the client a fresh pool
            http = self._http if own or self._foreign_http is None else self._foreign_http
            deadline = asyncio.timeout(attempt_deadline(LABEL_DOWNLOAD_TIMEOUT))
            try:
                async with deadline:
                    response = await http.get(url, timeout=LABEL_DOWNLOAD_TIMEOUT)
            except (httpx.HTTPError, TimeoutError) as exc:
                if not isinstance(exc, httpx.HTTPError):
                    if not deadline.expired():
                        raise
                    hung_pool = http is not self._foreign_http
                    if hung_pool and not self._drop_hung_pool(http, "GET label"):
                        raise _hung_error("GET", "label", LABEL_DOWNLOAD_TIMEOUT) from exc
                attempt += 1
                error = (
                    _transport_error(exc, "GET", "label")
                    if isinstance(exc, httpx.HTTPError)
                    else _hung_error("GET", "label", LABEL_DOWNLOAD_TIMEOUT)
                )
                if error.retryable and attempt <= self.retry.max_retries:
                    await asyncio.sleep(self.retry.backoff(attempt))
                    continue
                raise error from exc
            if response.status_code in (429, 503) and attempt < self.retry.max_retries:
                attempt += 1
                await asyncio.sleep(_retry_after_or(response, self.retry.backoff(attempt)))
                continue
            if response.status_code >= 400:
                raise error_from_response(response)
            return response.content


#: a pool dropped after a hang is closed after this: every call still on it has ended by then
_LONGEST_DEADLINE_S = attempt_deadline(SHIPMENT_CREATE_TIMEOUT)


def _hung_error(method: str, path: str, timeout: httpx.Timeout) -> APITimeoutError:
    """An attempt that went past its deadline: it may have reached the service."""
    return APITimeoutError(
        f"{method} {path}: no answer within {attempt_deadline(timeout):.0f} s (the connection "
        "hung; its pool was replaced)",
        outcome_unknown=True,
    )


async def _close_later(http: httpx.AsyncClient, grace_s: float | None = None) -> None:
    """Close a retired pool after the calls cut on it have unwound (their cancellation is
    delivered at the next turns of the loop), or after `grace_s`."""
    if grace_s is not None:
        await asyncio.sleep(grace_s)
    for _ in range(3):
        await asyncio.sleep(0)
    with contextlib.suppress(Exception):
        await http.aclose()


def _announced_url(response: httpx.Response) -> str | None:
    """The https URL of a `GET /v1/pairing` answer, else None (a service without pairing)."""
    if response.status_code != 200:
        return None
    try:
        data = response.json()
        url = data.get("url") if isinstance(data, dict) else None
        return check_https(url, "public URL") if isinstance(url, str) else None
    except ValueError:  # not JSON, or not https
        return None


async def _require_https(request: httpx.Request) -> None:
    check_https(str(request.url), "label URL")


def _retry_after_or(response: httpx.Response, default: float) -> float:
    value = response.headers.get("retry-after")
    try:
        return max(0.0, float(value)) if value is not None else default
    except ValueError:
        return default


def _is_certificate_error(exc: BaseException) -> bool:
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ssl.SSLCertVerificationError):
            return True
        seen = seen.__cause__ or seen.__context__
    return "CERTIFICATE_VERIFY_FAILED" in str(exc)


def _transport_error(exc: httpx.HTTPError, method: str, path: str) -> APIConnectionError:
    """Map an httpx failure; a failed connect is known not to have reached the service."""
    request = getattr(exc, "_request", None)
    if isinstance(exc, httpx.ConnectTimeout):
        return APITimeoutError(
            f"{method} {path}: connecting timed out", request=request, outcome_unknown=False
        )
    if isinstance(exc, httpx.TimeoutException):
        return APITimeoutError(f"{method} {path}: no answer in time ({exc})", request=request)
    if isinstance(exc, httpx.ConnectError):
        if _is_certificate_error(exc):
            return CertificateError(
                f"{method} {path}: the server's certificate is not trusted ({exc})", request=request
            )
        return APIConnectionError(f"{method} {path}: cannot connect ({exc})", request=request)
    return APIConnectionError(
        f"{method} {path}: connection lost ({exc})", request=request, outcome_unknown=True
    )


__all__ = [
    "CONNECT_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "IDEMPOTENT_METHODS",
    "LABEL_DOWNLOAD_TIMEOUT",
    "RETRY",
    "SHIPMENT_CREATE_TIMEOUT",
    "USER_AGENT",
    "APIStatusError",
    "BaseClient",
    "RetryPolicy",
    "check_https",
    "ssl_context",
]
