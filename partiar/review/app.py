"""The review page and its JSON API (schema 1), as a Starlette application served by uvicorn on loopback.

Starlette because the app is small and local: a handful of routes, a test client that needs no server
(`starlette.testclient`), no ORM, forms or sessions to carry, and uvicorn to serve it on a socket we bind
ourselves (so a free port is known before the URL is printed).

Routes: `GET /` (the page), `GET /api/game`, `POST /api/moves/{ply}` (`{"move": text}`; `{"accept": true}`
confirms the move as it stands), `GET /api/cells/{ply}/{copy}.png`, `GET /api/boards/{ply}/{before|after}.svg`,
`GET /api/export.pgn`, `POST /api/save`, and the page's static files. Requests whose Host (or Origin, when
sent) is not this server are refused with 403, which shuts out other web sites and DNS rebinding; no route
takes a file path from the client.
"""

from __future__ import annotations

import socket
from collections.abc import Awaitable, Callable, Collection, MutableMapping
from importlib import resources
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..notation.errors import NotationError
from .session import ReviewError, ReviewSession

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

Saver = Callable[[str, str], None]


class LocalOnly:
    """ASGI middleware: only requests addressed to this server (Host), from its own pages (Origin)."""

    def __init__(self, app: ASGIApp, hosts: Collection[str]) -> None:
        self.app = app
        self.hosts = {host.lower() for host in hosts}
        self.origins = {f"http://{host}" for host in self.hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = {
                key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]
            }
            host = headers.get("host", "").lower()
            origin = headers.get("origin")
            if host not in self.hosts or (origin is not None and origin.lower() not in self.origins):
                response = PlainTextResponse("forbidden: not this server", status_code=403)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def local_hosts(port: int) -> list[str]:
    """The Host headers a browser sends to this server."""
    return [f"127.0.0.1:{port}", f"localhost:{port}"]


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def _ply(request: Request, session: ReviewSession) -> int:
    """The 0-based index of the ply in the path, which must exist (or be the one where decoding stopped)."""
    value = request.path_params["ply"]
    index = int(value) - 1
    if not 0 <= index < max(len(session.moves), session.plies):
        raise ReviewError(f"ply {value}: no such move (the game has {len(session.moves)} plies)")
    return index


def create_app(
    session: ReviewSession, hosts: Collection[str], save: Saver | None = None, save_name: str | None = None
) -> Starlette:
    """The review app for `session`, answering only requests for `hosts` ("127.0.0.1:PORT"); `save` stores
    the PGN and the confirmations' JSON (`POST /api/save`), `save_name` is what the page calls it."""
    templates = Environment(
        loader=PackageLoader("partiar.review", "templates"), autoescape=select_autoescape(["html"])
    )

    async def page(request: Request) -> Response:
        html = templates.get_template("page.html").render(
            files=session.scanned.files, locale=session.locale.code, save_name=save_name
        )
        return HTMLResponse(html)

    async def game(request: Request) -> Response:
        return JSONResponse(session.game_json())

    def move(request: Request, body: Any) -> Response:
        try:
            index = _ply(request, session)
            if isinstance(body, dict) and body.get("accept") is True:
                session.accept(index)
            elif isinstance(body, dict) and isinstance(body.get("move"), str):
                session.correct(index, body["move"])
            else:
                return _error('the body must be {"move": "<move>"} or {"accept": true}', 422)
        except NotationError as exc:
            return _error(str(exc), 422)
        return JSONResponse(session.game_json())

    async def post_move(request: Request) -> Response:
        try:
            body = await request.json()
        except ValueError:
            return _error("the body is not JSON", 422)
        # Decoding takes a moment: off the event loop.
        from starlette.concurrency import run_in_threadpool

        return await run_in_threadpool(move, request, body)

    async def cell(request: Request) -> Response:
        try:
            index = _ply(request, session)
            data = session.cell_png(index, int(request.path_params["copy"]))
        except (ReviewError, ValueError) as exc:
            return _error(str(exc), 404)
        return Response(data, media_type="image/png", headers={"Cache-Control": "max-age=3600"})

    async def board(request: Request) -> Response:
        try:
            index = _ply(request, session)
        except ReviewError as exc:
            return _error(str(exc), 404)
        if request.path_params["when"] not in ("before", "after"):
            return _error("a board is before.svg or after.svg", 404)
        try:
            svg = session.board_svg(index, after=request.path_params["when"] == "after")
        except ReviewError as exc:
            return _error(str(exc), 404)
        return Response(svg, media_type="image/svg+xml")

    async def export(request: Request) -> Response:
        return Response(
            session.pgn(),
            media_type="application/x-chess-pgn",
            headers={"Content-Disposition": 'attachment; filename="review.pgn"'},
        )

    async def save_game(request: Request) -> Response:
        if save is None:
            return _error("nothing to save to: start partiar review with --save OUT", 409)
        try:
            session.save(save)
        except NotationError as exc:
            return _error(str(exc), 500)
        return JSONResponse({"saved": save_name, "progress": session.game_json()["progress"]})

    static = resources.files("partiar.review") / "static"
    routes = [
        Route("/", page),
        Route("/api/game", game),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/moves/{ply:int}", post_move, methods=["POST"]),
        Route("/api/cells/{ply:int}/{copy:int}.png", cell),
        Route("/api/boards/{ply:int}/{when:str}.svg", board),
        Route("/api/export.pgn", export),
        Route("/api/save", save_game, methods=["POST"]),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]
    app = Starlette(routes=routes)
    app.add_middleware(LocalOnly, hosts=hosts)
    return app


def bind(port: int = 0) -> socket.socket:
    """A listening socket on 127.0.0.1 (`port`, or a free one for 0)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", port))
    sock.listen(64)
    return sock


def serve(app: Starlette, sock: socket.socket) -> None:
    """Serve `app` on `sock` until interrupted."""
    import uvicorn

    config = uvicorn.Config(app, log_level="warning", lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])
