"""`packdesk serve` end to end: first line, credentials, TLS only, /v1/me, headers."""

from __future__ import annotations

import json
import os
import socket
import ssl
import stat

import httpx
import pytest

from tests.fixtures.service import RunningService

RATE_HEADERS = ("RateLimit-Limit", "RateLimit-Interval", "RateLimit-Remaining", "RateLimit-Reset")


def test_first_line_and_credentials_file(local_service: RunningService) -> None:
    assert local_service.base_url.startswith("https://127.0.0.1:")
    assert local_service.port > 0
    mode = stat.S_IMODE(os.stat(local_service.credentials_file).st_mode)
    assert mode == 0o600
    creds = json.loads(local_service.credentials_file.read_text())
    assert {"email", "sandbox_key", "live_key", "ca_file"} <= creds.keys()
    assert creds["sandbox_key"] != creds["live_key"]
    assert creds["ca_file"] == str(local_service.ca_file)


def test_me_sandbox_and_live(sandbox: httpx.Client, live: httpx.Client) -> None:
    me_sandbox = sandbox.get("/v1/me")
    me_live = live.get("/v1/me")
    assert me_sandbox.status_code == 200 and me_live.status_code == 200
    assert me_sandbox.json()["environment"] == "sandbox"
    assert me_live.json()["environment"] == "production"
    assert me_sandbox.json()["id"] == me_live.json()["id"]
    assert me_sandbox.json()["email"] == "owner@packdesk.local"


@pytest.mark.parametrize("auth", [None, ("not-a-key", ""), ("", "")])
def test_missing_or_invalid_key_is_401(local_service: RunningService, auth: object) -> None:
    with local_service.client(None) as client:
        response = client.get("/v1/me", auth=auth)  # type: ignore[arg-type]
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"].startswith("Basic")
    assert response.json() == {"errors": [response.json()["errors"][0]]}


def test_headers_on_success_and_errors(sandbox: httpx.Client) -> None:
    for response in (
        sandbox.get("/v1/me"),
        sandbox.get("/v1/nothing-here"),
        sandbox.post("/v1/me"),
    ):
        for name in (*RATE_HEADERS, "X-Request-ID"):
            assert name in response.headers, (response.status_code, name)
        assert response.headers["RateLimit-Limit"] == "100000"
        assert response.headers["RateLimit-Interval"] == "60"
    ids = {sandbox.get("/v1/me").headers["X-Request-ID"] for _ in range(3)}
    assert len(ids) == 3


def test_unknown_path_and_method_have_error_bodies(sandbox: httpx.Client) -> None:
    missing = sandbox.get("/v1/nothing-here")
    assert missing.status_code == 404 and missing.json() == {"errors": ["not found"]}
    wrong_method = sandbox.delete("/v1/me")
    assert wrong_method.status_code == 405 and "errors" in wrong_method.json()


def test_plain_http_to_the_port_fails(local_service: RunningService) -> None:
    with pytest.raises(httpx.TransportError):
        httpx.get(f"http://127.0.0.1:{local_service.port}/v1/me", timeout=10)


def test_certificate_is_for_localhost_from_the_local_ca(local_service: RunningService) -> None:
    context = local_service.ssl_context()
    with (
        socket.create_connection(("127.0.0.1", local_service.port), timeout=10) as raw,
        context.wrap_socket(raw, server_hostname="localhost") as tls,
    ):
        cert = tls.getpeercert()
    assert cert is not None
    assert ("DNS", "localhost") in cert["subjectAltName"]
    assert ("IP Address", "127.0.0.1") in cert["subjectAltName"]
    # and a default context (system CAs only) does not trust it
    with pytest.raises(ssl.SSLError):
        with socket.create_connection(("127.0.0.1", local_service.port), timeout=10) as raw:
            ssl.create_default_context().wrap_socket(raw, server_hostname="localhost")


def test_openapi_is_served(anonymous: httpx.Client) -> None:
    response = anonymous.get("/v1/openapi.json")
    assert response.status_code == 200
    assert "/v1/me" in response.json()["paths"]
