#!/usr/bin/python3
"""An outside Skat program: plays one seat of an online table through skatd's TableService.

    docs/examples/seat_client.py --server HOST:PORT --table events/E/tables/T --token-file PATH

The protocol is docs/seat-protocol.md; this file shows it step by step. The stubs are generated
at start from proto/skat/v1/*.proto with protoc and grpc_python_plugin (Debian's
protobuf-compiler, protobuf-compiler-grpc, python3-grpcio and python3-protobuf). Exit 0 once
the table is finished; 1 with a message on stderr on an error.
"""
import argparse
import importlib
import pathlib
import subprocess
import sys
import tempfile
import time

PROTO_DIR = pathlib.Path(__file__).resolve().parents[2] / "proto"
CALL_SECONDS = 30  # deadline of each unary call
RETRY_FOR = 60  # seconds of failing calls in a row before giving up
POINTS = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2}  # card points (RULES C1)

try:
    import grpc
    importlib.import_module("google.protobuf")  # the generated modules need it
except ImportError as missing:
    sys.exit(f"seat_client: {missing}: install Debian's python3-grpcio and python3-protobuf")


def load_stubs():
    """Generates table_service and the messages it imports into a temporary directory."""
    with tempfile.TemporaryDirectory(prefix="seat-client-") as out:
        command = ["protoc", f"-I{PROTO_DIR}", f"--python_out={out}", f"--grpc_python_out={out}",
                   "--plugin=protoc-gen-grpc_python=/usr/bin/grpc_python_plugin",
                   "skat/v1/game_types.proto", "skat/v1/table_service.proto"]
        try:
            subprocess.run(command, check=True)
        except (OSError, subprocess.CalledProcessError) as error:
            sys.exit(f"seat_client: cannot generate the stubs from {PROTO_DIR}: {error}")
        sys.path.insert(0, out)
        modules = [importlib.import_module("skat.v1." + name)
                   for name in ("game_types_pb2", "table_service_pb2", "table_service_pb2_grpc")]
        sys.path.remove(out)
    return modules


gt, pb, rpc = load_stubs()  # messages of a game, of the table service, and its client stub
# Calls to try again (the server restarting, a table moving to another server, a full stream
# limit, a broken connection); every other error code is final.
RETRYABLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED,
             grpc.StatusCode.ABORTED, grpc.StatusCode.RESOURCE_EXHAUSTED,
             grpc.StatusCode.CANCELLED}


def describe(error):
    """'out-of-turn: <message>': skatd's reason travels as trailing metadata "skat-reason"."""
    reason = dict(error.trailing_metadata() or ()).get("skat-reason", error.code().name)
    return f"{reason}: {error.details()}"


class Backoff:
    """50 ms doubling to 1 s between tries; gives up after RETRY_FOR seconds of failures."""

    def __init__(self):
        self.reset()

    def reset(self):
        self.delay, self.since = 0.05, None

    def wait(self, why):
        self.since = self.since or time.monotonic()
        if time.monotonic() - self.since > RETRY_FOR:
            raise SystemExit(f"seat_client: gave up after {RETRY_FOR} s: {why}")
        print(f"seat_client: {why}; retrying", file=sys.stderr)
        time.sleep(self.delay)
        self.delay = min(self.delay * 2, 1.0)


def points(card):
    return POINTS.get(card.split("-")[1], 0)


def choose(view):
    """A simple legal policy: one of view.legal_acts, sent back as it is."""
    legal = list(view.legal_acts)
    of = lambda kind: [a for a in legal if a.type == kind]  # noqa: E731
    if view.phase == gt.PHASE_BIDDING:
        if sum(card.endswith("-J") for card in view.hand) >= 2 and view.floor <= 18:
            for act in of(gt.ACT_TYPE_HOLD) + of(gt.ACT_TYPE_BID):
                if act.type == gt.ACT_TYPE_HOLD or act.bid <= 18:
                    return act  # hold, or the lowest bid (at most 18)
        return of(gt.ACT_TYPE_PASS)[0]
    plays = of(gt.ACT_TYPE_PLAY)  # the cards the rules allow (T1-T3)
    if plays:
        value = lambda act: points(act.cards[0])  # noqa: E731
        # Completing a trick: the richest card; leading or second: the poorest.
        last = len(view.current_trick.cards) == 2
        return max(plays, key=value) if last else min(plays, key=value)
    for kind in (gt.ACT_TYPE_TAKE_SKAT, gt.ACT_TYPE_TURN_SKAT_CARD, gt.ACT_TYPE_ACCEPT,
                 gt.ACT_TYPE_CHOOSE_TRUMP):
        if of(kind):
            return of(kind)[0]  # the skat taken or turned, the turned card accepted
    discards = of(gt.ACT_TYPE_DISCARD)
    if discards:  # the richest two cards that are not jacks
        return max(discards, key=lambda a: sum(points(c) - 100 * c.endswith("-J") for c in a.cards))
    declares = of(gt.ACT_TYPE_DECLARE)
    if declares:  # a plain suit game in the longest suit, else the first game allowed
        suit = lambda a: "?DHSC"[a.declaration.game] if a.declaration.game <= 4 else "?"  # noqa
        plain = [a for a in declares if suit(a) != "?" and not a.declaration.ouvert
                 and a.declaration.announcement <= gt.ANNOUNCEMENT_NONE]
        longest = lambda a: sum(c.startswith(suit(a) + "-") for c in view.hand)  # noqa: E731
        return max(plain, key=longest) if plain else declares[0]
    answers = [a for a in of(gt.ACT_TYPE_ANSWER) if not a.accept]
    return answers[0] if answers else legal[0]  # a claim: refused, the cards are played out


class Seat:
    def __init__(self, stub, table, token):
        self.stub, self.table = stub, table
        self.metadata = [("authorization", "Bearer " + token)]  # the seat token, every call
        self.last_sequence = 0  # the last sequence number skatd accepted from this chair
        self.acted_at = (-1, -1)  # (board_index, act_count) of the view last acted on
        self.tricks = {}  # board number -> {trick number: its cards}: the seat's own memory
        self.shown = set()  # boards whose result was printed

    def join(self):
        """JoinSeat (retried): the chair, the last accepted sequence number and the view now."""
        backoff = Backoff()
        while True:
            try:
                seat = self.stub.JoinSeat(pb.JoinSeatRequest(table=self.table),
                                          metadata=self.metadata, timeout=CALL_SECONDS)
                self.chair, self.last_sequence = seat.chair, seat.last_sequence
                return seat.view
            except grpc.RpcError as error:
                if error.code() not in RETRYABLE:
                    raise
                backoff.wait(describe(error))

    def send(self, act, board_number):
        """Act with the next sequence number; True once accepted, False when refused."""
        sequence = self.last_sequence + 1
        # board_number guards against acting on a board that is over (0 would mean "any").
        request = pb.ActRequest(table=self.table, sequence=sequence, act=act,
                                board_number=board_number)
        backoff = Backoff()
        while True:
            try:
                self.stub.Act(request, metadata=self.metadata, timeout=CALL_SECONDS)
                self.last_sequence = sequence
                return True
            except grpc.RpcError as error:
                if error.code() == grpc.StatusCode.FAILED_PRECONDITION:
                    # Not allowed now (out-of-turn, illegal-card, the clock acted first, ...):
                    # nothing changed at the table, and the number is free again.
                    print(f"seat_client: act #{sequence} refused: {describe(error)}",
                          file=sys.stderr)
                    return False
                if error.code() not in RETRYABLE:
                    raise
                backoff.wait(describe(error))
            # In doubt: skatd may have committed the act before the failure. Join again: a
            # last_sequence >= ours says it went in; else send the SAME act with the SAME
            # number (a repeat of an accepted number is answered, never applied twice).
            self.join()
            if self.last_sequence >= sequence:
                print(f"seat_client: act #{sequence} was accepted before the failure",
                      file=sys.stderr)
                return True
            print(f"seat_client: act #{sequence} resent with the same sequence number",
                  file=sys.stderr)

    def remember(self, view):
        """A seat sees only the current and the last trick (RULES T5): keep the rest."""
        done = sum(view.tricks_won)  # tricks completed so far; last_trick is the latest
        if done and len(view.last_trick.cards) == 3:
            self.tricks.setdefault(view.board_number, {})[done] = list(view.last_trick.cards)

    def show_result(self, view):
        if view.phase != gt.PHASE_FINISHED or view.board_number in self.shown:
            return
        self.shown.add(view.board_number)
        memory = self.tricks.get(view.board_number, {})
        # After the game the trick log shows every card; the memory must agree with it.
        log = list(view.trick_log)
        kept = all(log[3 * (n - 1):3 * n] == cards for n, cards in memory.items())
        pad = " ".join(f"{d} {p:+d}" if p else f"{d} 0" for d, p in zip("FMR", view.result.pad))
        print(f"board {view.board_number}: {view.result.summary or 'passed in'}  pad {pad}  "
              f"(remembered {len(memory)} of {len(log) // 3} tricks"
              f"{'' if kept else ', NOT as the trick log shows'})", flush=True)

    def on_view(self, view):
        """Acts whenever the view lists legal acts for this seat and it has not acted on it."""
        self.remember(view)
        self.show_result(view)
        refusals = 0
        while view.legal_acts and (view.board_index, view.act_count) > self.acted_at:
            if self.send(choose(view), view.board_number):
                self.acted_at = (view.board_index, view.act_count)
                return
            refusals += 1
            if refusals == 3:
                raise SystemExit("seat_client: three acts refused in a row; giving up")
            view = self.join()  # re-read the view: the table may have moved on
            self.remember(view)

    def play(self):
        """Join, then watch: every SeatUpdate until the one with table_finished."""
        view = self.join()
        print(f"seat_client: chair {self.chair} of {self.table}", file=sys.stderr)
        self.on_view(view)
        backoff = Backoff()
        while True:
            stream = self.stub.WatchSeat(pb.WatchSeatRequest(table=self.table),
                                         metadata=self.metadata)
            try:
                for update in stream:
                    backoff.reset()
                    self.on_view(update.view)
                    if update.table_finished:
                        stream.cancel()
                        return 0
                why = "the view stream ended before the table finished"
            except grpc.RpcError as error:
                if error.code() not in RETRYABLE:
                    raise
                why = describe(error)
            backoff.wait(why)
            self.on_view(self.join())  # rejoin; the stream starts again with the view now


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="skatd's HOST:PORT (plain gRPC)")
    parser.add_argument("--table", required=True, help="events/{event}/tables/{table}")
    parser.add_argument("--token-file", required=True, help="a file holding the seat token")
    args = parser.parse_args()
    try:
        token = pathlib.Path(args.token_file).read_text().strip()
    except OSError as error:
        sys.exit(f"seat_client: --token-file: {error}")
    if not token or len(token.split()) != 1:
        sys.exit(f"seat_client: --token-file {args.token_file}: not one token")
    # Reconnect within a second once skatd is back (gRPC's default waits up to two minutes).
    # Not grpc.min_reconnect_backoff_ms: it is also each connection attempt's time limit.
    options = [("grpc.initial_reconnect_backoff_ms", 100), ("grpc.max_reconnect_backoff_ms", 1000)]
    with grpc.insecure_channel(args.server, options=options) as channel:
        try:
            return Seat(rpc.TableServiceStub(channel), args.table, token).play()
        except grpc.RpcError as error:
            sys.exit(f"seat_client: {describe(error)}")


if __name__ == "__main__":
    sys.exit(main())
