"""`GET /v1/pairing` without a key: the service's public URL, CA and CA fingerprint.

What `packdesk serve --pairing-file` writes, for a station connecting by URL: it fetches this
once over an unverified connection, shows the fingerprint for a person to compare with the one
the service printed, and pins the CA (trust on first use). Never holds a key.
"""

from __future__ import annotations

from fastapi import APIRouter

from desktop_app.domain.pairing import Pairing
from desktop_app.service.api.deps import Ctx
from desktop_app.service.errors import ServiceError

router = APIRouter(tags=["pairing"])


@router.get("/pairing", response_model=None)
async def get_pairing(ctx: Ctx) -> dict[str, str]:
    """`{format, url, ca_sha256, ca_pem}`."""
    ca_file = ctx.settings.ca_file or ctx.settings.tls_dir / "ca.pem"
    try:
        pem = ca_file.read_text(encoding="ascii")
    except OSError:
        raise ServiceError(404, ["this service has no CA certificate to pair with"]) from None
    return Pairing.for_ca(ctx.settings.base_url, pem).as_json()
