"""pytest hooks shared by the client and differential suites (imported by their conftest.py).

A skipped check must never be reported as passing: any skip, xfail or xpass turns the
session's exit status into a failure, and the summary says which tests did not run.
"""

_not_run = []


def pytest_runtest_logreport(report):
    if report.skipped or hasattr(report, "wasxfail"):
        _not_run.append(f"{report.nodeid} ({report.when})")


def pytest_sessionfinish(session, exitstatus):
    if _not_run and session.exitstatus == 0:
        session.exitstatus = 1


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if _not_run:
        terminalreporter.write_line(
            "FAILED: these checks did not run (skipped or xfail), so the run is a failure:",
            red=True)
        for n in _not_run:
            terminalreporter.write_line(f"  {n}", red=True)
