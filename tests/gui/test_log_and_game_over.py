"""The play-by-play log, and the game-over summary."""

import html

import pytest
from PySide6.QtCore import QPoint, QRect, Qt

from cribbage_gui.services.sides import side_points as points_by_source
from cribbage_gui.services.sides import side_scores_by_deal as scores_by_deal
from cribbage_gui.table.model import TableModel
from engine.cards import card_label
from engine.events import CountReset, Dealt, GameOver, Played, SaidGo, Scored
from tests.gui.helpers import TIMEOUT, play_to_the_end


def test_the_log_has_every_card_go_score_and_count(qtbot, make_window):
    window = make_window()
    window.games.start_match("heuristic", seed=4)
    play_to_the_end(qtbot, window)
    events = window.playing.controller.game.events
    entries = window.log.entries
    assert [e.text for e in entries] == [e.text for e in window.presenter.model.log]
    plays = [e for e in entries if e.kind == "play"]
    played = [e for e in events if isinstance(e, Played)]
    assert len(plays) == len(played)
    for entry, event in zip(plays, played, strict=True):
        assert card_label(event.card) in entry.text and f", {event.count}." in entry.text
        assert entry.seat == event.seat
    goes = [e for e in events if isinstance(e, SaidGo)]
    assert [e.text.split(": go at ")[1] for e in entries if e.kind == "go"] == \
        [f"{g.count}." for g in goes]
    scores = [e for e in events if isinstance(e, Scored)]
    scored = [e for e in entries if e.kind == "score"]
    assert len(scored) == len(scores)
    for entry, event in zip(scored, scores, strict=True):
        cards = {c for item in event.items for c in item.cards}
        assert set(entry.cards) == cards and entry.points == event.points
        if event.reason not in ("go", "last card"):  # the cards that scored, written out
            assert all(card_label(c) in entry.text for c in cards)
    assert sum(e.kind == "deal" for e in entries) == sum(isinstance(e, Dealt) for e in events)
    assert sum(e.kind == "reset" for e in entries) == sum(isinstance(e, CountReset)
                                                          for e in events)
    text = window.log.text()
    assert "Deal 1:" in text and ("♥" in text or "♦" in text)
    assert "TD" not in text and " 8H" not in text  # cards written one way
    # one paragraph an entry: headings at the margin, the rest indented (wrapped lines too)
    from cribbage_gui.panels.log_panel import INDENT

    document = window.log.view.document()
    blocks = [document.findBlockByNumber(i) for i in range(document.blockCount())]
    assert [b.text() for b in blocks] == [e.text for e in entries]
    for block, entry in zip(blocks, entries, strict=True):
        heading = entry.kind in ("deal", "game")
        assert block.blockFormat().leftMargin() == (0 if heading else INDENT)
    window.log.rebuild()  # the theme changed: the same paragraphs again
    assert document.blockCount() == len(entries)


def test_watching_shows_the_log_from_the_first_event(qtbot, make_window):
    from cribbage_gui.table.watching import WatchSetup

    window = make_window()
    window.watch.start_watching(WatchSetup(("random", "heuristic"), games=1, seed=3), delay_ms=0)
    qtbot.waitUntil(lambda: window.presenter.model.game_over is not None, timeout=TIMEOUT)
    assert window.log.entries[0].text == "Game 1: Random v Heuristic pegger"
    assert window.log.entries[-1].kind == "end"


def test_the_game_over_summary_adds_up(qtbot, make_window):
    """Regression: the game-over box was a bare "You win 121-101."."""
    window = make_window()
    window.games.start_match("random", seed=11)
    over = play_to_the_end(qtbot, window)
    box = window.dialogs.game_over_box
    qtbot.waitUntil(lambda: box.isVisible(), timeout=TIMEOUT)
    summary = box.summary
    events = window.playing.controller.game.events
    assert summary.scores == over.scores and summary.winner == over.winner
    assert points_by_source(events) == summary.points
    for seat in (0, 1):
        assert sum(summary.points[seat].values()) == over.scores[seat]
    progress = scores_by_deal(events)
    assert progress[0] == (0, 0, 0) and progress[-1][1:] == over.scores
    assert [p[0] for p in progress] == list(range(len(progress)))
    # the table lists the sources and the totals; the chart has a line per player
    table = box.points
    assert table.item(table.rowCount() - 1, 0).text() == "Total"
    assert int(table.item(table.rowCount() - 1, 1).text()) == over.scores[0]
    curves = box.chart.getPlotItem().listDataItems()
    assert len(curves) == 2 and list(curves[0].getData()[1]) == [p[1] for p in progress]
    assert "121" in box.headline.text()
    # the points that took the winner out, as the log said them (their cards are under it)
    scored = [e for e in window.presenter.model.log if e.kind == "score"]
    assert scored[-1].seat == over.winner and summary.finish == scored[-1].text
    assert "The last points:" in box.details.text()
    assert box.width() >= 440 and box.height() >= 300
    # it opens below the board, so the final pegs stay in sight, and inside the window
    board_bottom = window.board.mapToGlobal(window.board.rect().bottomLeft()).y()
    assert box.geometry().top() > board_bottom
    assert window.geometry().contains(box.geometry())


def test_play_again_and_new_opponent(qtbot, make_window, monkeypatch):
    window = make_window()
    window.games.start_match("random", seed=11)
    play_to_the_end(qtbot, window)
    first_seed = window.playing.setup.seed
    qtbot.mouseClick(window.dialogs.game_over_box.again_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.playing.obs is not None, timeout=TIMEOUT)
    assert window.playing.setup.opponent == "random" and window.playing.setup.seed != \
        first_seed
    play_to_the_end(qtbot, window)
    asked = []
    monkeypatch.setattr(window.games, "new_game_dialog", lambda: asked.append(1))
    window.dialogs.game_over_box.new_opponent.disconnect()
    window.dialogs.game_over_box.new_opponent.connect(window.games.new_game_dialog)
    qtbot.mouseClick(window.dialogs.game_over_box.new_button, Qt.MouseButton.LeftButton)
    assert asked == [1]


def test_the_last_points_are_said_and_a_forfeit_says_why_instead(qtbot):
    from cribbage_gui.table.game_over import GameOverDialog, GameSummary

    points = [{"pegging": 30, "hand": 60, "crib": 31, "his_heels": 0, "muggins": 0},
              {"pegging": 20, "hand": 50, "crib": 10, "his_heels": 2, "muggins": 0}]
    finish = "Your crib (5♥ 5♣ J♦ <b> + 5♠): 8: fifteen two, fifteen four, and a pair is eight."
    summary = GameSummary(("You", "Mueller"), 0, (121, 82), 1, points,
                          [(0, 0, 0), (1, 20, 10), (2, 121, 82)], "", "", finish=finish)
    box = GameOverDialog(summary)
    qtbot.addWidget(box)
    assert "The last points:</b> Your crib (5♥ 5♣ J♦ &lt;b&gt; + 5♠): 8" in box.details.text()
    forfeited = GameSummary(("You", "Mueller"), 0, (30, 20), 0, points,
                            [(0, 0, 0)], "", "", forfeit="Mueller forfeits (it crashed).",
                            finish=finish)
    box = GameOverDialog(forfeited)
    qtbot.addWidget(box)
    assert "forfeits" in box.details.text() and "last points" not in box.details.text()


def test_a_skunk_is_named_in_the_summary(qtbot):
    from cribbage_gui.table.game_over import GameOverDialog, GameSummary

    points = [{"pegging": 30, "hand": 60, "crib": 31, "his_heels": 0, "muggins": 0},
              {"pegging": 20, "hand": 50, "crib": 10, "his_heels": 2, "muggins": 0}]
    summary = GameSummary(("You", "Mueller"), 0, (121, 82), 1, points,
                          [(0, 0, 0), (1, 20, 10), (2, 121, 82)], "", "")
    box = GameOverDialog(summary)
    qtbot.addWidget(box)
    assert "You win 121–82 with a skunk!" in box.headline.text()
    assert "Mueller finished below 91: a skunk" in box.details.text()
    rows = [box.points.item(r, 0).text() for r in range(box.points.rowCount())]
    assert rows == ["Pegging", "Hands", "Cribs", "His heels", "Total"]


def test_the_model_log_names_the_go_and_its_count():
    model = TableModel(0, ("You", "Mueller"))
    model.apply(Dealt(1, 1, (tuple(range(0, 24, 4)), tuple(range(1, 24, 4)))))
    model.apply(SaidGo(1, 27))
    assert model.log[-1].text == "Mueller: go at 27." and model.go_at == [None, 27]
    model.apply(CountReset(27))
    assert model.go_at == [None, None]
    model.apply(GameOver(0, (121, 60), 2))
    assert model.log[-1].text == "You win 121–60 with a double skunk."


LOW_LOSER = [(0, 0, 0), (1, 14, 1), (2, 30, 3), (3, 51, 5), (4, 70, 6), (5, 88, 8),
             (6, 104, 10), (7, 121, 12)]  # a double skunk: the loser's line along the bottom
CLOSE = [(0, 0, 0), (1, 10, 17), (2, 27, 28), (3, 36, 44), (4, 58, 62), (5, 66, 95),
         (6, 81, 105), (7, 98, 116), (8, 99, 121)]  # the game-over screenshot's game
FAST_START = [(0, 0, 0), (1, 29, 8), (2, 61, 12), (3, 95, 20), (4, 121, 33)]


@pytest.mark.parametrize("progress", [LOW_LOSER, CLOSE, FAST_START])
@pytest.mark.parametrize("size", [(440, 300), (640, 420), (900, 600)])
def test_the_charts_legend_covers_no_line(qtbot, progress, size):
    """Regression: the legend sat in the plot's bottom right corner whatever the lines did,
    and hid part of a line. It names both players whole, with their markers."""
    from cribbage_gui.table.game_over import GameOverDialog, GameSummary

    last = progress[-1]
    winner = 0 if last[1] == 121 else 1
    points = [{"pegging": 0, "hand": last[1 + seat], "crib": 0, "his_heels": 0,
               "muggins": 0} for seat in (0, 1)]
    loser = last[2 - winner]
    skunk = 2 if loser < 61 else 1 if loser < 91 else 0
    names = ("You", "Expert (deep, ACC)")
    box = GameOverDialog(GameSummary(names, winner, (last[1], last[2]), skunk, points,
                                     progress, "", ""))
    qtbot.addWidget(box)
    box.resize(*size)
    box.show()
    qtbot.waitExposed(box)
    qtbot.wait(20)
    legend = box.legend.sceneBoundingRect()
    plotted = box.plotted_points(step=0.02)
    assert len(plotted) > 50 * (len(progress) - 1)
    assert not any(legend.contains(point) for point in plotted)
    assert not legend.intersects(box.chart.getPlotItem().vb.sceneBoundingRect())
    # whole: inside the chart, and saying both names with the markers the lines use
    assert box.chart.sceneRect().contains(legend) or \
        box.chart.rect().contains(legend.toRect())
    text = box.legend.text
    assert all(html.escape(name) in text for name in names) and "●" in text and "◆" in text


@pytest.fixture
def finished(qtbot, make_window):
    """A window with a game just over against Random and its game-over box open."""
    window = make_window()
    window.games.start_match("random", seed=11)
    play_to_the_end(qtbot, window)
    box = window.dialogs.game_over_box
    qtbot.waitUntil(lambda: box.isVisible(), timeout=TIMEOUT)
    return window, box


def settle(qtbot, window) -> None:
    """Wait for a resized window's layout to settle (the board takes its height a moment
    after the window's)."""
    def bottom() -> int:
        return window.board.mapToGlobal(window.board.rect().bottomLeft()).y()

    last = None
    for _ in range(20):
        qtbot.wait(30)
        if bottom() == last:
            return
        last = bottom()


def show_the_screenshots_last_hand(window) -> None:
    """Lay the screenshots' game's last show on the table (the widest a show is: four
    cards and the starter, the words below and the announcement above), whatever ended
    the fixture's game."""
    from cribbage_gui.table.model import ShowStage
    from engine.cards import parse_cards

    model = window.presenter.model
    winner = model.game_over.winner if model.game_over is not None else 1
    hand = tuple(parse_cards("2C 3C 3S JD"))
    (starter,) = parse_cards("7C")
    model.show = ShowStage(winner, "hand", hand, starter, points=8)
    window.table.refresh(animate=False)
    window.table.announce("Expert wins 121–99 on their hand!")
    window.table.set_show_words("fifteen two, fifteen four, fifteen six, and a pair is eight")


@pytest.mark.parametrize("theme_name", ["light", "high-contrast"])
def test_the_game_over_box_leaves_the_winning_show_readable_with_a_frame(qtbot, finished,
                                                                        theme_name):
    """Regression (issue 38): the box covered the winning show at 1920x1080 as at
    1024x700, cut the banner to "Expert w…", and had no edge in high contrast; then, on a
    laptop's screen at 200% text, its rows of buttons (about 650 px) kept it too wide to
    stand beside the show, and it covered 32% of the screenshots' show at 1024x700, 15% at
    1280x800, 9% at 1366x768. Its rows of buttons wrap, so it narrows beside the show: at
    each of the four sizes and at 100 and 200% text, with the widest show (four cards and
    the starter, its words and the banner) and with the fixture's own game's end, it
    covers none of it, stays inside the window and below the board, shows every button
    whole, and draws its frame."""
    from PySide6.QtGui import QColor

    from cribbage_gui.app import theme

    window, box = finished
    theme.apply(theme_name)
    qtbot.waitUntil(lambda: box.offered is not None, timeout=TIMEOUT)
    buttons = [box.analyse_button, *box.practise_buttons, box.again_button, box.new_button,
               box.review_button, box.close_button]
    buttons = [b for b in buttons if b.isVisibleTo(box)]
    assert len(buttons) >= 5
    try:
        for text in (100, 200):
            theme.set_text_size(text)
            for show in (False, True):
                for size in ((1024, 700), (1280, 800), (1366, 768), (1920, 1080)):
                    window.resize(*size)
                    settle(qtbot, window)
                    window.table.refresh(animate=False)
                    if show:
                        show_the_screenshots_last_hand(window)
                    box.resize(640, 420)
                    window.dialogs.place_clear_of_board(box)
                    qtbot.wait(10)
                    keep = window.table.in_sight()
                    assert not keep.isEmpty()
                    where = (theme_name, text, show, size, box.geometry(), keep)
                    assert not box.geometry().intersects(keep), where
                    assert window.geometry().contains(box.geometry()), where
                    board = window.board.mapToGlobal(window.board.rect().bottomLeft()).y()
                    assert box.geometry().top() > board, where
                    for button in buttons:  # whole, and none over another
                        shown = button.geometry()
                        assert box.rect().contains(button.mapTo(box, button.rect().topLeft())
                                                   ), (where, button.text())
                        assert shown.width() >= button.sizeHint().width(), (where,
                                                                            button.text())
                        assert box.rect().contains(QRect(button.mapTo(box, QPoint(0, 0)),
                                                         shown.size())), (where, button.text())
                    places = [QRect(b.mapTo(box, QPoint(0, 0)), b.size()) for b in buttons]
                    assert not any(a.intersects(b) for i, a in enumerate(places)
                                   for b in places[i + 1:]), where
                    edge = box.grab().toImage().pixelColor(1, box.height() // 2)
                    t = theme.current()
                    want = QColor(t.text if t.high_contrast else t.muted)
                    assert edge.name() == want.name(), where
    finally:
        theme.set_text_size(100)
        theme.apply("light")


def test_the_game_over_box_keeps_its_keys_when_its_buttons_wrap(qtbot, finished):
    """Its rows of buttons wrap on a narrow box (at 200% text beside the show), and the
    keys stay as they were with a QDialogButtonBox: Enter plays again, Escape closes, Tab
    goes Play again, New opponent…, Review game, Close, the summary, Analyse the last
    deal, Practise…, and each says the same name to a screen reader."""
    from PySide6.QtWidgets import QApplication

    from cribbage_gui.app import theme

    window, box = finished
    qtbot.waitUntil(lambda: box.offered is not None, timeout=TIMEOUT)
    theme.set_text_size(200)
    try:
        box.resize(box.minimumSizeHint().width(), box.least_height(box.minimumWidth()))
        qtbot.wait(20)
        assert len(box.button_row.rows(box.button_row.geometry().width())) > 1
        assert box.again_button.isDefault()
        assert box.again_button.accessibleName() in ("", "Play again")
        box.activateWindow()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is box.again_button,
                        timeout=2000)
        order = []
        for _ in range(7):
            qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
            order.append(QApplication.focusWidget())
        practise = [b for b in box.practise_buttons if b.isVisibleTo(box)]
        assert order == [box.new_button, box.review_button, box.close_button,
                         box.details_words, box.analyse_button, *practise,
                         box.again_button][:7]
        with qtbot.waitSignal(box.again, timeout=2000):
            qtbot.keyClick(box.details_words, Qt.Key.Key_Return)
        box.open()
        qtbot.waitUntil(box.isVisible, timeout=2000)
        with qtbot.waitSignal(box.rejected, timeout=2000):
            qtbot.keyClick(box, Qt.Key.Key_Escape)
    finally:
        theme.set_text_size(100)


def test_the_game_over_box_starts_on_its_first_button_and_tab_skips_the_chart(qtbot,
                                                                             finished):
    """Regression (issue 38): its first keyboard stop was the chart."""
    from PySide6.QtWidgets import QApplication

    _, box = finished
    box.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is box.again_button, timeout=2000)
    seen = set()
    for _ in range(8):  # (seven stops once the ratings enable Practise)
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        seen.add(QApplication.focusWidget())
    assert box.chart not in seen and box.chart.viewport() not in seen
    assert {box.again_button, box.new_button, box.review_button, box.close_button} <= seen


@pytest.mark.parametrize("scale", [100, 200])
@pytest.mark.parametrize("size", [(440, 300), (640, 420), (900, 600)])
def test_the_skunk_lines_names_never_print_over_each_other(qtbot, size, scale):
    """The skunk lines' names, where shown, stand apart and inside the plot; in a small
    chart at a large text (the box narrowed beside the winning show) they are left out
    rather than printed over each other ("double skun" over "skunk")."""
    from cribbage_gui.app import theme
    from cribbage_gui.table.game_over import GameOverDialog, GameSummary

    theme.set_text_size(scale)
    try:
        points = [{"pegging": 0, "hand": s, "crib": 0, "his_heels": 0, "muggins": 0}
                  for s in (99, 121)]
        box = GameOverDialog(GameSummary(("You", "Expert"), 1, (99, 121), 0, points, CLOSE,
                                         "", ""))
        qtbot.addWidget(box)
        box.resize(*size)
        box.show()
        qtbot.waitExposed(box)
        qtbot.wait(20)
        plot = box.chart.getPlotItem().vb.sceneBoundingRect()
        shown = [line.label.sceneBoundingRect() for line in box.skunk_lines
                 if line.label.isVisible()]
        assert len(shown) in (0, 2)  # both named, or neither
        if shown:
            assert not shown[0].intersects(shown[1])
            assert all(plot.contains(rect) for rect in shown)
        if size == (900, 600) and scale == 100:
            assert shown  # a chart with room names them
    finally:
        theme.set_text_size(100)
