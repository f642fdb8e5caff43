"""Label files by their unguessable URL (`/v1/label_files/{token}.{ext}`)."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import not_found
from desktop_app.service.labels.shipment_labels import label_file_extension
from desktop_app.service.shipping.downloads import Download, token_and_extension
from desktop_app.service.storage.shipments import label_download
from desktop_app.service.storage.sqlite_reads import SqliteReads


async def label_file(reads: SqliteReads | None, session: AsyncSession, name: str) -> Download:
    """The label file named `name` (its token, and its extension when given), else 404."""
    token, extension = token_and_extension(name)
    found = await label_download(reads, session, token) if token is not None else None
    if found is None or (extension and extension != label_file_extension(found[1])):
        raise not_found("label file")
    shipment_id, label_format, media_type, data = found
    filename = f"{shipment_id[:12]}.{label_file_extension(label_format)}"
    return Download(filename, media_type, data)
