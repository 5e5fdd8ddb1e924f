"""The live page (``setmine serve``): the requests' answers as plain
functions, by stage (``requests``, ``formulas``, ``boards``, ``models``,
``verifying``; ``api.py`` their table), ``app.py`` serving them and the page
(``page.py``, ``templates/``)."""
