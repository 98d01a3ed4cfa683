"""Test configuration shared by every test: Qt runs offscreen, hypothesis profiles."""

import os
import tempfile

# offscreen, on a virtual screen large enough for every window size the tests ask for
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen:configfile="
                      + os.path.join(os.path.dirname(__file__), "offscreen.json"))

# the sound effects the windows write go to a private folder, not the user's cache
os.environ.setdefault("CRIBBAGE_CACHE_DIR", tempfile.mkdtemp(prefix="cribbage-cache-"))

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
