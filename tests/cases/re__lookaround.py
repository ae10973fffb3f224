import re

print(re.findall(r"\w+(?=!)", "hey! you! there"))
print(re.findall(r"(?<=\$)\d+", "cost $30 or $45"))
print(re.findall(r"\b(?!un)\w+", "undo redo unzip zip"))
print(re.findall(r"(?<!-)\b\d+", "5 -6 7"))
print(re.search(r"(\w)\1", "abccd").group())
print(re.findall(r"(\w+) \1", "bye bye now now then"))
print(re.match(r"(<)?(\w+)(?(1)>|$)", "<tag>").group(), re.match(r"(<)?(\w+)(?(1)>|$)", "tag").group())
print(re.sub(r"(?<=\d)(?=(\d{3})+$)", ",", "1234567"))
print(re.findall(r"(?>a+)b", "aaab ab"))
print(re.findall(r"a++b", "aab"), re.findall(r"\d*+x", "12x"))
