"""The play page's defaults for the lean SeatUpdate and ActResponse (docs/web.md "Lean replies on
the play page's methods"), for tests that read the wire as the page does: SCHEMA from
services/web/static/js/play/defaults.js (read with node), and the page's filling in."""
import json
import os
import subprocess

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULTS = os.path.join(REPO, 'services', 'web', 'static', 'js', 'play', 'defaults.js')
_SCHEMA = None


def page_schema():
    """defaults.js's SCHEMA: {message: {field: default, [] , {'message': type} or
    [{'message': type}]}}."""
    global _SCHEMA
    if _SCHEMA is None:
        script = 'import(process.argv[1]).then((m) => console.log(JSON.stringify(m.SCHEMA)));'
        run = subprocess.run(['node', '-e', script, 'file://' + DEFAULTS], capture_output=True,
                             text=True, timeout=60, check=True)
        _SCHEMA = json.loads(run.stdout)
    return _SCHEMA


def with_defaults(value, message):
    """value (a parsed message of that type) with its absent fields filled in, in place, as
    defaults.js's fill does."""
    for name, spec in page_schema()[message].items():
        if isinstance(spec, list):
            value.setdefault(name, [])
            if spec:
                for item in value[name]:
                    with_defaults(item, spec[0]['message'])
        elif isinstance(spec, dict):
            if value.get(name) is not None:
                with_defaults(value[name], spec['message'])
        elif name not in value:
            value[name] = spec
    return value
