import gc

from desktop_app.gui.qt_compat import GuiThreadCollector, protect_singletons


def test_collector_owns_collection_and_freezes_startup_objects(qapp):
    was_enabled = gc.isenabled()
    collector = GuiThreadCollector(interval_ms=10_000)
    try:
        assert not gc.isenabled()  # worker threads never collect Qt wrappers
        garbage = [[] for _ in range(collector.thresholds[0] + 10)]
        for item in garbage:
            item.append(item)  # cycles only the collector can free
        del garbage
        collector.check()
        assert gc.get_count()[0] < collector.thresholds[0]
        collector.freeze_startup_objects()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        collector.stop()
        if not was_enabled:
            gc.disable()
    assert collector.timer.isActive() is False


def test_singletons_are_protected():
    assert protect_singletons()
