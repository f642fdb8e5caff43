"""The people fields of `/v1/me` and a session as the client reads them (Qt-free data)."""

from __future__ import annotations

from desktop_app.client.presence import ALL_RIGHTS, PackingRow, Person, Presence, Session


def test_a_server_without_people_means_all_rights_and_no_sign_in() -> None:
    presence = Presence.from_me({})
    assert not presence.sign_in_required
    assert presence.person is None
    assert presence.rights == ALL_RIGHTS


def test_the_people_fields_are_read() -> None:
    presence = Presence.from_me(
        {
            "sign_in_required": False,
            "person": {"id": "x", "name": "Ana", "role": "packer"},
            "station": "Packtisch 1",
            "rights": ["labels", "scan"],
        }
    )
    assert presence.person == Person("x", "Ana", "packer")
    assert presence.station == "Packtisch 1"
    assert presence.rights == {"labels", "scan"}


def test_a_session_never_shows_its_token() -> None:
    session = Session(
        Person("x", "Ana", "packer"), "P1", "2026-11-28T20:00:00", 900, frozenset(), "s3cr3t-token"
    )
    assert "s3cr3t-token" not in repr(session)
    assert "s3cr3t-token" not in str(session)


def test_a_report_row_without_a_median_keeps_it_unknown() -> None:
    row = PackingRow.from_wire({"period": "2026-11-28", "person": "Ana", "parcels": 3})
    assert row.median_scan_to_label_s is None
    assert row.parcels == 3 and row.orders == 0
