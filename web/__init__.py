"""The browser client's static files, shipped as package data.

`server.net.web_files` serves every file listed in its table from here (found through
`importlib.resources`, so it works alike from a checkout and from a wheel); nothing here is
fetched from any other host.
"""
