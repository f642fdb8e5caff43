import pytest

from desktop_app.scales.readings import Reading, StabilityDetector, from_kg, normalize_unit, to_kg


@pytest.mark.parametrize(
    ("value", "unit", "kg"),
    [
        (1500, "g", 1.5),
        (1.5, "kg", 1.5),
        (2, "lb", 0.9072),
        (16, "oz", 0.4536),
        (3.5, "LB", 1.5876),
        (250000, "mg", 0.25),
    ],
)
def test_units_convert_to_kg(value, unit, kg):
    assert to_kg(value, unit) == pytest.approx(kg, abs=1e-4)
    assert from_kg(to_kg(value, unit), unit) == pytest.approx(value, rel=1e-3)


def test_unknown_unit_is_refused():
    with pytest.raises(ValueError, match="unknown weight unit 'stone'"):
        normalize_unit("stone")
    assert normalize_unit("lbs") == "lb"


def test_stable_after_n_equal_readings_within_tolerance():
    detector = StabilityDetector(count=3, tolerance_kg=0.005)
    feed = [Reading(1.000, "kg", True), Reading(1.004, "kg", True)]
    assert [detector.feed(r) for r in feed] == [None, None]
    last = Reading(1.002, "kg", True)
    assert detector.feed(last) is last


def test_readings_apart_by_more_than_the_tolerance_are_not_stable():
    detector = StabilityDetector(count=3, tolerance_kg=0.002)
    for value in (1.0, 1.0, 1.01):
        result = detector.feed(Reading(value, "kg", True))
    assert result is None
    # the window moves on: three close readings after the jump are stable
    assert detector.feed(Reading(1.01, "kg", True)) is None
    assert detector.feed(Reading(1.01, "kg", True)) is not None


def test_a_moving_reading_starts_the_count_again():
    detector = StabilityDetector(count=2)
    detector.feed(Reading(1.0, "kg", True))
    assert detector.feed(Reading(1.0, "kg", False)) is None
    assert detector.feed(Reading(1.0, "kg", True)) is None
    assert detector.feed(Reading(1.0, "kg", True)) is not None


def test_tolerance_is_compared_in_kg_across_units():
    detector = StabilityDetector(count=2, tolerance_kg=0.001)
    detector.feed(Reading(1000, "g", True))
    assert detector.feed(Reading(2.2046, "lb", True)) is not None  # 2.2046 lb = 1.0000 kg


def test_age():
    reading = Reading(1.0, "kg", True, at=100.0)
    assert reading.age(now=101.5) == 1.5
