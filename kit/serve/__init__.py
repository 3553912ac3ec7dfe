"""The table server: `kit score serve FILE` serves a session to the browsers at the table.

One shared table page (a laptop, a TV), one private page per seat (a phone), one host
page with every form. Pages are rendered here as HTML with a little plain JavaScript
(static/), live by server-sent events; every write goes through scorekeeper.session, so
the server keeps the same rules, the same lock and the same file as the CLI.

- table.py: the session as the server sees it (cached reads, serialised writes, who may
  do what and see what, change events);
- forms.py: the forms, derived from what the rules wait for (no game's list of actions);
- pages.py: the HTML pages, in the language of each browser (kit.i18n, the CLI's catalogues),
  drawn from the Jinja2 templates of templates/ (autoescape), a game's own first
  (kit/games/<game>/templates/), with what its faces.py declares;
- app.py: the Starlette application (routes, middleware), assembling the endpoints of
  screens.py, seats.py, host.py and events.py;
- web.py: what those endpoints share (answers, body checks, language, cookies), so none
  of them imports the app;
- run.py: `serve()`, which prints the links and runs uvicorn.
"""
