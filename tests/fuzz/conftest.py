"""The fuzz script is run by hand (or by CI's long jobs), never collected as a test."""

collect_ignore = ["fuzz_xlsx.py"]
