"""``python -m tests.profile_suite``: its summary of the logs it collects."""

from tests.profile_suite import report


def test_the_report_adds_up_tests_compiles_and_processes(tmp_path):
    (tmp_path / "tests.log").write_text(
        "3.00\t2.50\t0.00\ttests/a.py::test_one\n"
        "9.00\t1.00\t7.00\ttests/b.py::test_two\n"
        "0.10\t0.10\t0.00\ttests/a.py::test_three\n")
    (tmp_path / "compiles.log").write_text(  # pid, kernel, hit/miss, depth, cpu, sig, test
        "1\tengine.k.big\tmiss\t0\t10.000\t(int64,)\t-\n"
        "1\tengine.k.inner\tmiss\t1\t4.000\t(int64,)\t-\n"
        "2\tengine.k.big\tmiss\t0\t9.000\t(int64,)\ttests/b.py::test_two\n"
        "2\tengine.k.small\thit\t0\t0.100\t(int64,)\ttests/a.py::test_one\n")
    (tmp_path / "processes.log").write_text("1\t20.00\t-c\n2\t5.50\tcli.py match\n")
    text = report(tmp_path).splitlines()
    assert text[0] == "3 tests: 4 s of CPU in the workers, 7 s in the processes they started"
    assert text[2].split() == ["1.0", "+", "7.0", "tests/b.py::test_two"]  # costliest first
    modules = text[text.index("the costliest modules:") + 1:][:2]
    assert [m.split() for m in modules] == [["8.0", "tests/b.py"], ["2.6", "tests/a.py"]]
    # from cold: the top-level compilations only (an inner one is inside its caller's)
    assert "numba compiled 3 kernels from cold, 19 s of CPU" in text
    assert "compiled in more than one process: engine.k.big" in text
    assert text[-1] == "2 Python processes, 26 s of CPU between them"
