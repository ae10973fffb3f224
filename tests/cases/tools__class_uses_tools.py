class Agent:
    def __init__(self, name):
        self.name = name
        self.log = []

    def ask(self, city):
        try:
            w = get_weather(city)
        except LookupError:
            self.log.append(f"{city}: unknown")
            return None
        self.log.append(f"{city}: {w['sky']}")
        return w["celsius"]

a = Agent("bot")
temps = [a.ask(c) for c in ["Paris", "Mars", "Lima"]]
print(temps)
print("\n".join(a.log))
