"""The device cookie behind edit and watch rights (scorer/tables/rights.py)."""

from scorer.tables.rights import device_cookie_set


class DeviceCookieMiddleware:
    """Send the device cookie (scorer/tables/rights.py) when a request made or refreshed the device."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        device_cookie_set(request, response)
        return response
