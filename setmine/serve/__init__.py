"""The live page (``setmine serve``): ``api.py`` answers requests as plain
functions, ``app.py`` serves them and the page (``page.py``, ``templates/``)."""
