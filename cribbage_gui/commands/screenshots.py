"""``cribbage screenshots``: the main screens as PNG files, rendered offscreen from a fixed
seed, at exactly the size asked for.

The window is driven as a person would drive it (the person's decisions are the heuristic
player's), paused at each moment worth showing: the guided first game (Learn to play: its
coach at the crib, in the play and in the show), the cut for deal, the discard with the
inspector, the play with a go standing, the show, the deal's end (its crib counted, with
*Analyse* beside Continue), the game over summary, the review, the
computer's reasoning (strategy weights and the expert), the strategy heatmap, the
statistics, watching two computers, a match against the expert (playing for ACC match
points, its reasoning shown as it decides), the help, the practice (a position, and a
wrong answer judged), the analysis board (six cards, every option) and the counting
trainer (a drill, and a miss with its combinations). A dialog is drawn over the window
where it would open, so every image is exactly ``--size``.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path

from cribbage_gui.panels.plots import write_png
from engine.arguments import output_folder, seed

# (in the order they are taken)
SCREENS = ("practice", "practice-answer", "analysis-board", "learn-deal", "learn-play",
           "learn-show", "five-card", "three-player", "four-player", "four-player-over",
           "variant-review", "variant-practice",
           "cut-for-deal", "discard-inspector", "pegging-go", "show", "deal-end",
           "game-over",
           "review", "game-review", "reasoning-weights", "reasoning-expert", "strategy-heatmap",
           "statistics", "statistics-games", "statistics-accuracy", "statistics-practice",
           "watching", "match-expert", "match-inspector", "help", "counting-trainer",
           "counting-miss")
VARIANT_SCREENS = {"five-card", "three-player", "four-player", "four-player-over",
                   "variant-review", "variant-practice"}
LEARN_SCREENS = {"learn-deal", "learn-play", "learn-show"}  # Help → Learn to play
AFTER_THE_SHOW = set(SCREENS[SCREENS.index("show") + 1:])  # taken once the game has ended
# the sizes the screens are looked at: a small laptop, two common laptops, a desktop
SIZES = ((1024, 700), (1280, 800), (1366, 768), (1920, 1080))


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size is WIDTHxHEIGHT, e.g. 1024x700, not "
                                         f"{text!r}") from None
    if not (640 <= w <= 7680 and 480 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"{text}: a size from 640x480 to 7680x4320")
    return w, h


def text_scale(text: str) -> int:
    """``--text-scale``: a whole percent from 100 to 200 (the settings' text size)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole percent") from None
    if not 100 <= value <= 200:
        raise argparse.ArgumentTypeError(f"{value} is outside 100 to 200")
    return value


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "screenshots", help="render the main screens as PNG images",
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="the screens are checked at " + ", ".join(f"{w}x{h}" for w, h in SIZES)
               + "\nexample: cribbage screenshots --out shots --size 1366x768 --theme dark")
    p.add_argument("--out", type=output_folder, required=True, help="folder for the images")
    p.add_argument("--size", type=parse_size, default=(1024, 700), metavar="WxH",
                   help="window size in pixels (default 1024x700)")
    p.add_argument("--theme", choices=("light", "dark", "high-contrast"), default="light")
    p.add_argument("--seed", type=seed, default=4, help="the games' seed (default 4)")
    p.add_argument("--text-scale", type=text_scale, default=100, metavar="PERCENT",
                   help="the text size setting, 100 to 200 (default 100)")
    p.add_argument("--only", nargs="+", choices=SCREENS, metavar="SCREEN",
                   help=f"only these screens ({', '.join(SCREENS)})")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    if not os.environ.get("QT_QPA_PLATFORM"):
        # offscreen, on a virtual screen as large as the window (Qt's default is 800x800)
        config = Path(tempfile.mkdtemp(prefix="cribbage-screen-")) / "screen.json"
        w, h = args.size
        config.write_text(json.dumps({"windowFrameMargins": False, "screens": [{
            "name": "shots", "x": 0, "y": 0, "width": max(w, 1280), "height": max(h, 800),
            "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
        os.environ["QT_QPA_PLATFORM"] = f"offscreen:configfile={config}"
    written = take(args.out, args.size, args.theme, args.seed, args.only, args.text_scale)
    for path in written:
        print(path)
    return 0


class Director:
    """Drives a window through a game and grabs it at the moments asked for."""

    def __init__(self, out: Path, size: tuple[int, int], theme_name: str, seed: int,
                 text_size: int = 100) -> None:
        from PySide6.QtCore import QSettings
        from PySide6.QtWidgets import QApplication

        self.app = QApplication.instance() or QApplication(["cribbage"])
        self.out, self.size, self.seed, self.text_size = out, size, seed, text_size
        self.folder = Path(tempfile.mkdtemp(prefix="cribbage-shots-"))
        settings = QSettings(str(self.folder / "settings.ini"), QSettings.Format.IniFormat)
        for key, value in {"speed": "instant", "theme": theme_name, "welcomed": True,
                           "sound": False, "auto_advance_ms": 0}.items():
            settings.setValue(key, value)
        from ai import make_player
        from cribbage_gui.windows.main_window import MainWindow

        self.window = MainWindow(data_dir=self.folder, qsettings=settings)
        if text_size != 100:  # any percent from 100 to 200, as the setting would
            from cribbage_gui.app import theme

            theme.set_text_size(text_size)
            # kept in the window's settings too: the settings applied again (as when a
            # watch stops) would put the text back to 100% for the screens after
            self.window.settings.text_size = text_size
            self.window.set_zoom(self.window.settings.zoom, save=False)
        self.window.resize(*size)
        self.window.show()
        self.pump(0.2)
        self.window.resize(*size)
        self.pump(0.1)
        got = (self.window.width(), self.window.height())
        if got != size:
            raise SystemExit(f"cribbage screenshots: the window cannot be {size[0]}x{size[1]}"
                             f" (it is {got[0]}x{got[1]}): its panels need more room")
        self.person = make_player("heuristic", seed=seed)
        self.written: list[Path] = []
        self.too_large: list[str] = []  # the screens larger than the size asked for (or
        # at another text size)
        self.wanted: set[str] = set(SCREENS)

    # ------------------------------------------------------------------ the event loop
    def pump(self, seconds: float = 0.0) -> None:
        end = time.perf_counter() + seconds
        while True:
            self.app.processEvents()
            if time.perf_counter() >= end:
                return
            time.sleep(0.005)

    def until(self, predicate, timeout: float = 60.0, act: bool = True,
              what: str = "") -> None:
        """Run the game (the person's decisions made for them, the show continued) until
        ``predicate()`` holds; the presenter is paused right there (checked after every
        event shown, so an instant-speed game cannot run past it)."""
        w = self.window
        hit: list[bool] = []

        def check(_event) -> None:
            if not hit and predicate():
                hit.append(True)
                w.presenter.set_paused(True)

        w.presenter.shown.connect(check)
        w.presenter.set_paused(False)
        try:
            end = time.perf_counter() + timeout
            while time.perf_counter() < end:
                self.app.processEvents()
                if hit or predicate():
                    w.presenter.set_paused(True)
                    self.pump(0.05)
                    return
                if act:
                    self._act()
                time.sleep(0.002)
        finally:
            w.presenter.shown.disconnect(check)
        raise SystemExit(f"cribbage screenshots: the game never reached {what or 'the moment'}")

    def _act(self) -> None:
        w = self.window
        if w.presenter._waiting_continue:
            w.presenter.proceed()
            return
        obs = w.playing.obs
        if obs is None:
            return
        self.person.seat = obs.seat
        action = self.person.decide(obs).action
        from engine import Toss

        if isinstance(action, Toss):
            w.table.set_selected(set(action.cards))
            w.playing.throw()
        elif hasattr(action, "card"):
            w.playing.click_card(action.card)
        else:
            w.playing.claim()

    def resume(self) -> None:
        self.window.presenter.set_paused(False)

    # ------------------------------------------------------------------ grabbing
    def check_fits(self, name: str, shown, dialog=None) -> None:
        """Note NAME if the window shown (or the dialog over it) is, right now, larger than
        the screen size asked for: a window can grow after the start (a wide bar shown, a
        row of buttons at a large text size), and a screen that does not fit the size it is
        checked at must not pass as one that does (nor one whose text size went back to
        another). ``take`` fails once all are taken."""
        from cribbage_gui.app import theme

        percent = round(theme.text_scale() * 100)
        if percent != self.text_size:
            self.too_large.append(f"{name}: the text at {percent}%, not {self.text_size}%")
        for what in (shown, dialog):
            if what is None:
                continue
            if not what.isVisible():
                what.show()
                self.pump(0.1)
            w, h = what.width(), what.height()
            if w > self.size[0] or h > self.size[1]:
                self.too_large.append(f"{name}: {type(what).__name__} is {w}x{h}, larger "
                                      f"than {self.size[0]}x{self.size[1]}")

    def grab(self, name: str, dialog=None, window=None) -> Path:
        """The window (or ``window``; and ``dialog`` over it where it opens: where the window
        placed it, or else centred) as NAME.png."""
        from PySide6.QtGui import QPainter

        self.pump(0.15)
        shown = window or self.window
        self.check_fits(name, shown, dialog)
        image = shown.grab()
        if dialog is not None:
            dialog.show()
            self.pump(0.2)
            over = dialog.grab()
            painter = QPainter(image)
            painter.fillRect(image.rect(), _shade())
            at = dialog.geometry().topLeft() - shown.geometry().topLeft()
            placed = 0 <= at.x() <= image.width() - over.width() and \
                0 < at.y() <= image.height() - over.height()
            x = at.x() if placed else max(0, (image.width() - over.width()) // 2)
            y = at.y() if placed else max(0, (image.height() - over.height()) // 2)
            painter.drawPixmap(x, y, over)
            painter.end()
        path = self.out / f"{len(self.written) + 1:02d}-{name}.png"
        write_png(image, path)  # (whole or not at all, as the plots are written)
        self.written.append(path)
        return path


def _counting(d: Director, want) -> None:
    """The counting trainer: a crib under the clock, then a hand counted short."""
    from cribbage_gui.services.practice.counting import make_drill
    from engine.cards import parse_card, parse_cards

    w = d.window
    w.practice.counting_trainer()
    trainer = w.dialogs.counting_window
    assert trainer is not None, "the counting trainer could not be shown"
    trainer.resize(min(760, d.size[0] - 40), min(640, d.size[1] - 40))
    if want("counting-trainer"):
        trainer.kind.setCurrentIndex(1)  # cribs
        trainer.new_drill(make_drill("crib", parse_cards("4H 5H 6H JH"), parse_card("4C")))
        trainer.started -= 7.4  # the clock part run
        trainer.tick()
        trainer.answer.setText("1")
        d.grab("counting-trainer", trainer)
    if want("counting-miss"):
        trainer.kind.setCurrentIndex(0)  # hands
        trainer.new_drill(make_drill("hand", parse_cards("JD 5H 6S 6H"), parse_card("4D")))
        trainer.started -= 11.2
        trainer.answer.setText("12")
        trainer.submit()
        trainer.items.setCurrentRow(4)  # a run of the double run, lifted on the cards
        d.grab("counting-miss", trainer)
    trainer.close()


def _practice(d: Director) -> None:
    """A built-in card to play (the count, the starter, the cards of this count), then a
    wrong answer judged: the options and why."""
    from cribbage_gui.services.practice.positions import Position

    w = d.window
    practice = w.practice.positions()
    practice.cancel_scan()
    practice.resize(*d.size)
    store = w.practice.open_store()
    shown: Position | None = next((p for p in store.positions(["built-in"])
                                   if p.kind == "play" and p.table.current
                                   and len(p.table.legal_cards) >= 3), None)
    practice.next_position(shown)
    if "practice" in d.wanted:
        d.grab("practice", window=practice)
    if "practice-answer" in d.wanted and shown is not None:
        from cribbage_gui.app.jobs import ADVICE_MEMO
        from cribbage_gui.services.practice.judge import judge

        best = judge(shown, shown.best, ADVICE_MEMO).best
        wrong = next(c for c in shown.table.legal_cards if c not in best)
        practice.card_clicked(wrong)
        practice.answer()
        end = time.perf_counter() + 120
        while practice.verdict is None and time.perf_counter() < end:
            d.pump(0.02)
        d.grab("practice-answer", window=practice)
    practice.close()


def _analysis_board(d: Director) -> None:
    """Game → Analysis board…: six cards near the end of a game, your crib, every option
    and the best one's histogram."""
    from cribbage_gui.services.board import Setup
    from engine.cards import parse_cards

    board = d.window.menus.actions["analysis-board"]
    board.trigger()
    from cribbage_gui.windows.analysis_board import AnalysisBoard

    shown = d.window.findChild(AnalysisBoard)
    assert shown is not None, "the analysis board could not be shown"
    shown.resize(*d.size)
    shown.set_up(Setup("discard", (104, 96), 0, tuple(parse_cards("5H 5C 5S JD 6D 7C"))))
    end = time.perf_counter() + 120
    while shown.shown is None and time.perf_counter() < end:
        d.pump(0.02)
    d.grab("analysis-board", window=shown)
    shown.close()


def _shade():
    from PySide6.QtGui import QColor

    return QColor(0, 0, 0, 70)


def take(out: Path, size: tuple[int, int], theme_name: str = "light", seed: int = 4,
         only=None, text_size: int = 100) -> list[Path]:
    """Render the screens into ``out`` at the text size ``text_size`` (percent); returns the
    files written."""
    out.mkdir(parents=True, exist_ok=True)
    d = Director(out, size, theme_name, seed, text_size)
    d.wanted = set(only or SCREENS)
    _shoot(d, seed)
    if d.too_large:  # (every screen taken first, so one run names them all)
        raise SystemExit("cribbage screenshots: at " + f"{size[0]}x{size[1]} and {text_size}%"
                         + " text, screens that do not fit the screen asked for:\n  "
                         + "\n  ".join(d.too_large))
    return d.written


def _shoot(d: Director, seed: int) -> list[Path]:
    """Take the screens ``d.wanted``, in the order of SCREENS."""
    w = d.window
    wanted = d.wanted

    def want(name):
        return name in wanted

    def model():
        return w.presenter.model

    if want("practice") or want("practice-answer"):  # before the game: built-in positions
        _practice(d)
    if want("analysis-board"):
        _analysis_board(d)
    if wanted & LEARN_SCREENS:
        _lesson(d, want)
    if wanted & VARIANT_SCREENS:
        _variants(d, want)
    if not wanted - LEARN_SCREENS - VARIANT_SCREENS - {"practice", "practice-answer",
                                                       "analysis-board"}:
        w.close()
        return d.written

    # a game against the expert: the cut, the discard, a go, the show, the end
    w.games.start_match("expert", seed=seed)
    d.until(lambda: model().cuts and model().cuts[-1] and model().deal == 0
            and any(e.kind == "cut" and "first" in e.text for e in model().log),
            what="the cut for deal")
    if want("cut-for-deal"):
        d.grab("cut-for-deal")
    d.resume()
    d.until(lambda: w.playing.obs is not None and w.reasoning.discard.advice is not None,
            act=False, what="the discard")
    if want("discard-inspector"):
        w.reasoning.raise_()
        w.reasoning.tabs.setCurrentWidget(w.reasoning.discard)
        w.playing.hint()
        d.pump(0.4)
        d.grab("discard-inspector")
    d.resume()
    d.until(lambda: any(at is not None for at in model().go_at) and model().current
            and model().show is None, what="a go")
    if want("pegging-go"):
        w.log.raise_()
        d.grab("pegging-go")
    d.resume()
    d.until(lambda: model().show is not None and model().show.points is not None
            and model().show.what == "hand", what="the show")
    if want("show"):
        d.grab("show")
    if want("deal-end"):  # the crib counted: the deal over, Analyse beside Continue
        d.resume()
        d.until(lambda: w.game_bar.analyse_button.isVisible(), what="the deal's end")
        d.grab("deal-end")
    if not wanted & AFTER_THE_SHOW:  # (the game need not be played to its end)
        w.close()
        return d.written
    d.resume()
    d.until(lambda: w.dialogs.game_over_box is not None, timeout=180,
            what="the end of the game")
    d.pump(0.5)  # the last ratings arrive
    box = w.dialogs.game_over_box
    assert box is not None
    if want("game-over"):
        box.close()
        from cribbage_gui.table.game_over import GameOverDialog

        # with "Practise these now" as offered once the game's decisions are rated
        d.until(lambda: box.offered is not None, act=False, what="the game's ratings")
        offered = box.offered or []
        box = GameOverDialog(w.games.game_summary(model().game_over), "Play again", w,
                             people=box.people, analysable=True)
        box.offer_practice(offered)
        box.show()
        w.dialogs.place_clear_of_board(box)
        d.grab("game-over", box)
    box.close()
    if want("review"):
        w.reasoning.raise_()
        w.reasoning.tabs.setCurrentWidget(w.reasoning.review_tab)
        d.grab("review")
    if want("game-review"):  # the whole game reviewed, at a marked decision
        review = w.reviews.review_game()
        review.resize(*d.size)
        d.until(lambda: review.review is not None, act=False, what="the game's review")
        marked = [i for i, x in enumerate(review.review.decisions) if x.mark]
        chosen = review.review.decisions[marked[len(marked) // 2] if marked else 0]
        review.go_to(review.position_of(chosen))
        d.grab("game-review", window=review)
        review.close()

    # the computer's reasoning: watch the strategy weights against the expert
    from cribbage_gui.table.watching import WatchSetup

    if want("reasoning-weights") or want("reasoning-expert") or want("strategy-heatmap"):
        w.watch.start_watching(WatchSetup(("weights", "expert"), games=1, seed=seed), delay_ms=0)
        records = w.reasoning.computer.records
        d.until(lambda: sum(type(r).__name__ == "ExpertPlay"
                            and len(getattr(r, "candidates", ())) > 1
                            for _, r in records) >= 1 and any(
            type(r).__name__ == "WeightsDiscard" for _, r in records), act=False,
            what="the computer's reasoning")
        w.reasoning.raise_()
        w.reasoning.tabs.setCurrentWidget(w.reasoning.computer)
        kinds = [type(r).__name__ for _, r in records]
        if want("reasoning-weights"):
            computer = w.reasoning.computer
            computer.decisions.setCurrentRow(kinds.index("WeightsDiscard"))
            d.pump(0.1)
            bar = computer.scroll_area.verticalScrollBar()
            bar.setValue(computer.charts.y() - 8)  # the charts: S, w and p = w·S
            d.pump(0.05)
            d.grab("reasoning-weights")
        if want("reasoning-expert"):
            w.reasoning.computer.decisions.setCurrentRow(kinds.index("ExpertDiscard"))
            d.grab("reasoning-expert")
        if want("strategy-heatmap"):
            w.heatmap.raise_()
            d.grab("strategy-heatmap")
        w.watch.stop_watching()

    if want("statistics") or want("statistics-games") or want("statistics-accuracy") or \
            want("statistics-practice"):
        d.until(lambda: w.history.accuracy_history() != [], act=False,
                what="the finished game's background rating")
        w.show_statistics()
        stats = w.dialogs.stats_window
        assert stats is not None, "the statistics could not be shown"
        for name, tab in (("statistics", 0), ("statistics-games", 1),
                          ("statistics-accuracy", 2), ("statistics-practice", 3)):
            if want(name):
                stats.tabs.setCurrentIndex(tab)
                d.grab(name, stats)
        stats.close()

    if want("watching"):
        w.watching.bar.speed.setCurrentText("normal")
        w.watch.start_watching(WatchSetup(("mueller", "expert"), games=3, seed=seed + 1),
                         delay_ms=0)
        d.until(lambda: model().deal >= 2 and len(model().current) >= 3, act=False,
                what="a watched play")
        w.reasoning.raise_()
        w.reasoning.tabs.setCurrentWidget(w.reasoning.computer)
        d.grab("watching")
        w.watch.stop_watching()

    if want("match-expert") or want("match-inspector"):  # a best of 3, in ACC points
        w.games.start_match("expert", seed=seed, length=3)
        computer = w.reasoning.computer
        computer.reveal.setChecked(True)
        d.until(lambda: any(type(r).__name__ == "ExpertDiscard" for _, r in computer.records)
                and w.playing.obs is not None, what="the expert's discard in a match")
        w.reasoning.raise_()
        w.reasoning.tabs.setCurrentWidget(computer)
        kinds = [type(r).__name__ for _, r in computer.records]
        computer.decisions.setCurrentRow(kinds.index("ExpertDiscard"))
        w.statusBar().clearMessage()  # the last game's result, shown for a few seconds
        if want("match-expert"):
            d.grab("match-expert")
        computer.reveal.setChecked(False)
        if want("match-inspector"):  # your options in a match: by expected ACC points
            discard_tab = w.reasoning.discard
            w.reasoning.tabs.setCurrentWidget(discard_tab)
            d.until(lambda: discard_tab.advice is not None, what="the options in ACC points")
            w.playing.hint()
            d.pump(0.4)
            w.statusBar().clearMessage()
            d.grab("match-inspector")
        w.playing.stop()

    if want("help"):
        w.show_help("Scoring")
        help_window = w.dialogs.help_window
        assert help_window is not None
        d.grab("help", help_window)
        help_window.close()
    if want("counting-trainer") or want("counting-miss"):
        _counting(d, want)
    w.close()
    return d.written


def _variants(d: Director, want) -> None:
    """The variants at the table: five-card's show (a hand of three and the starter),
    three players in the play (the crib's card from the deck beside the dealer), four
    players in partnership mid-play, their game's end, and its review."""
    w = d.window

    def model():
        return w.presenter.model

    if want("five-card"):
        w.games.start_match("expert", seed=d.seed, variant="five-card")
        d.until(lambda: model().show is not None and model().show.points is not None
                and model().show.what == "hand", timeout=300, what="five-card's show")
        d.grab("five-card")
        w.playing.stop()
    if want("three-player"):
        w.games.start_match("expert", seed=d.seed, variant="three-player",
                            others=("expert", "heuristic"))
        # (a first start builds the expert's three-player win table: half a minute)
        d.until(lambda: len(model().current) >= 4 and model().show is None
                and model().deal >= 2, timeout=300, what="three players' play")
        w.log.raise_()
        d.grab("three-player")
        w.playing.stop()
    if want("four-player") or want("four-player-over") or want("variant-review"):
        w.games.start_match("expert", seed=d.seed, variant="four-player",
                            others=("expert", "expert", "expert"))
        d.until(lambda: len(model().current) >= 5 and model().show is None, timeout=300,
                what="four players' play")
        if want("four-player"):
            w.log.raise_()
            d.grab("four-player")
        if want("four-player-over") or want("variant-review"):
            d.resume()
            d.until(lambda: w.dialogs.game_over_box is not None, timeout=300,
                    what="the end of the four players' game")
            box = w.dialogs.game_over_box
            assert box is not None
            if want("four-player-over"):
                d.grab("four-player-over", box)
            box.close()
            w.dialogs.game_over_box = None  # (the next game's end waits for its own box)
        if want("variant-review"):  # the game just played, at a marked decision
            review = w.reviews.review_game()
            review.resize(*d.size)
            d.until(lambda: review.review is not None, act=False,
                    what="the four players' review")
            marked = [x for x in review.review.decisions if x.mark]
            chosen = marked[len(marked) // 2] if marked else review.review.decisions[0]
            review.go_to(review.position_of(chosen))
            d.grab("variant-review", window=review)
            review.close()
        w.playing.stop()
    if want("variant-practice"):
        _variant_practice(d)


def _variant_practice(d: Director) -> None:
    """Practice at a three-player table: a toss of one card from a game's mistakes (the
    person's seat played at random), answered with another card and judged in points."""
    from ai.match.variant import play_variant_game
    from ai.registry import make_player
    from cribbage_gui.services import gamefile
    from cribbage_gui.services.practice.games import positions_from_game
    from engine.rules import VARIANTS

    rules = VARIANTS["three-player"]
    game = play_variant_game([make_player("random", seed=d.seed),
                              make_player("heuristic"), make_player("heuristic")],
                             rules, d.seed, 0)
    file = gamefile.make(game, ("you", "heuristic", "heuristic"))
    found = positions_from_game(file, "history:0", "you")
    shown = next((p for p in found if p.kind == "discard"), None)
    if shown is None:
        return
    w = d.window
    store = w.practice.open_store()
    store.add(found, "games")
    practice = w.practice.positions(scan=False)
    practice.resize(*d.size)
    practice.refresh_variants()
    practice.next_position(shown)
    wrong = next(c for c in shown.table.dealt if c not in shown.best)
    practice.card_clicked(wrong)
    practice.answer()
    end = time.perf_counter() + 120
    while practice.verdict is None and time.perf_counter() < end:
        d.pump(0.02)
    d.grab("variant-practice", window=practice)
    practice.close()


def _lesson(d: Director, want) -> None:
    """Learn to play: the coach above the table at the crib, at a fifteen in the play, and
    in the show (its first combination lit, as the table lights each in turn)."""
    from ai import make_player
    from engine import Phase

    w = d.window
    person, d.person = d.person, make_player("heuristic", seed=d.seed)  # the later
    # screens' games are played by a person of their own, as before the lesson was added
    w.lesson.learn_to_play()

    def said(step):
        return w.coach_panel.said is not None and w.coach_panel.said.step == step

    d.until(lambda: w.playing.obs is not None and w.playing.obs.phase is Phase.DISCARD,
            what="the lesson's crib")
    if want("learn-deal"):
        d.grab("learn-deal")
    d.resume()
    d.until(lambda: said("fifteen"), what="the lesson's fifteen")
    if want("learn-play"):
        d.grab("learn-play")
    d.resume()
    def counted() -> bool:
        show = w.presenter.shown_model().show
        return show is not None and show.points is not None

    d.until(lambda: said("show_pone") and counted(), what="the lesson's show")
    if want("learn-show"):
        show = w.presenter.shown_model().show
        if show is not None and show.items:
            w.table.set_highlight(show.items[0].cards)
        d.grab("learn-show")
    d.resume()
    w.playing.stop()
    w.lesson.skip_lesson()
    d.person = person
