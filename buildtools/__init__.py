"""The jobs of ``build.py``, one module each.

``common`` (paths, messages, running commands), ``setup`` (``.venv`` and
``node_modules``), ``vendor`` (Pyodide, micropip and numpy into the site),
``wheel`` (our package's wheel and its data files), ``shipped`` (the answers
the build computes once with Python, from each family's declaration),
``site`` (``dist/`` from all of these), ``serve`` (the local server) and
``testing`` (ruff and pytest). ``build.py`` is the command line over them.
"""
