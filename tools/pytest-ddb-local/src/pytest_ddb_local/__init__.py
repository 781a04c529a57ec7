"""pytest-ddb-local: an in-memory ddb-local per test worker, and boto3 clients for it.

The fixtures live in pytest_ddb_local.plugin; DdbLocal (pytest_ddb_local.server) starts and
stops one server and can be used without pytest.
"""

from pytest_ddb_local.server import DdbLocal, DdbLocalError, find_binary

__all__ = ["DdbLocal", "DdbLocalError", "find_binary"]
