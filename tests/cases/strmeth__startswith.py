f = "report_2024.csv"
print(f.startswith("report"), f.startswith("Report"))
print(f.endswith(".csv"), f.endswith((".txt", ".csv")))
print(f.startswith(("a", "b", "r")), f.endswith(()))
print(f.startswith("2024", 7), f.startswith("2024", 7, 9))
print(f.endswith("report", 0, 6))
print("".startswith(""), "abc".startswith(""))
names = ["test_a", "main", "test_b", "helper"]
print([n for n in names if n.startswith("test_")])
