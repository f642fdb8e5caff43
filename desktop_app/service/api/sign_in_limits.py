"""Failed sign-ins counted per station key and per client address, in the database (shared by
every server on one PostgreSQL, kept over a restart; api/attempt_limits.py): too many in
`WINDOW_S`, and no code is even checked until the failures age (429 with Retry-After, in words).

Each sign-in takes an attempt before its code is checked, and gives it back when the code was
right: concurrent wrong codes at two servers never get more than the limit checked.
"""

from __future__ import annotations

import math

from desktop_app.service.errors import ServiceError
from desktop_app.service.storage.attempt_windows import Limit

WINDOW_S = 15 * 60
MAX_PER_STATION = 5
MAX_PER_ADDRESS = 10


def buckets_for(key_id: str, address: str) -> dict[str, Limit]:
    """The two windows a sign-in counts in, with their limits."""
    return {
        f"sign_in:station:{key_id}": Limit(MAX_PER_STATION, WINDOW_S),
        f"sign_in:address:{address}": Limit(MAX_PER_ADDRESS, WINDOW_S),
    }


def too_many(wait_s: int) -> ServiceError:
    """The 429 of a locked station or address, the wait in minutes and in Retry-After."""
    minutes = math.ceil(wait_s / 60)
    return ServiceError(
        429,
        [
            "too many wrong sign-ins at this station: try again in "
            f"{minutes} minute{'s' if minutes != 1 else ''}"
        ],
        headers={"Retry-After": str(wait_s)},
    )
