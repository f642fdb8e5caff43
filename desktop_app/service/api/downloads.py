"""The answer of a file fetched by its unguessable URL (labels, manifests, documents)."""

from __future__ import annotations

from fastapi import Response

from desktop_app.service.shipping.downloads import Download


def download_response(download: Download) -> Response:
    """The file shown inline, cached privately for an hour, its type never sniffed."""
    return Response(
        content=download.data,
        media_type=download.media_type,
        headers={
            "Content-Disposition": f'inline; filename="{download.filename}"',
            "Cache-Control": "private, max-age=3600",
            "X-Content-Type-Options": "nosniff",
        },
    )
