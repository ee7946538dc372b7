"""The device cookie behind every grant (scorer/access/devices.py)."""

from scorer.access.devices import device_cookie_set


class DeviceCookieMiddleware:
    """Send the device cookie when a request made the device or used one of its grants."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        device_cookie_set(request, response)
        return response
