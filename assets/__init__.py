"""Files loaded at run time (fonts, translations, art that is not drawn in code).

A package, not a plain folder, so that the files travel inside the installed distribution as
package data and are found the same way from a checkout, an editable install or a wheel:
``importlib.resources.files("assets") / "fonts" / "DejaVuSans.ttf"``. Subfolders need no
``__init__.py``; `pyproject.toml` ships every file under this one.
"""
