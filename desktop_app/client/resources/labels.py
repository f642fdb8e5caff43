"""Label files behind `label_url`: no API key, not rate-limited."""

from __future__ import annotations

from desktop_app.client.resources._resource import Resource


class Labels(Resource):
    """Label downloads."""

    async def download(self, label_url: str) -> bytes:
        """The label file (PDF or ZPL) at `label_url`; the API key is never sent there."""
        return await self._client._download(label_url)
