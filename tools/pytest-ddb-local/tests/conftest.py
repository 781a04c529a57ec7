"""Tests of the plugin itself: inner pytest sessions (pytester) load it as users do, with -p."""

pytest_plugins = ["pytester"]
