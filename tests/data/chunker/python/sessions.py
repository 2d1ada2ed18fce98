"""Session handling (module docstring)."""

import os
from collections import OrderedDict
from .models import Request, PreparedRequest

DEFAULT_TIMEOUT = 30


def merge_setting(request_setting, session_setting):
    """Merge two settings dictionaries."""
    if session_setting is None:
        return request_setting
    merged = OrderedDict(to_key_val_list(session_setting))
    return merged


# A mixin with redirect logic.
# Second comment line.
class SessionRedirectMixin(object):
    """Redirect mixin."""

    max_redirects = 30

    def get_redirect_target(self, resp):
        """Receives a Response. Returns a redirect URI or ``None``"""
        if resp.is_redirect:
            location = resp.headers["location"]
            return location
        return None

    @property
    def closed(self):
        return self._closed


class Session(SessionRedirectMixin):
    def __init__(self):
        self.headers = default_headers()
        self.adapters = OrderedDict()

    def request(self, method, url, params=None):
        req = Request(method=method.upper(), url=url)
        prep = self.prepare_request(req)

        def inner(x):
            return x + 1

        return self.send(prep, timeout=inner(DEFAULT_TIMEOUT))


if __name__ == "__main__":
    s = Session()
    s.request("GET", os.environ["URL"])
