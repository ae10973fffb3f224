class Animal:
    kind = "animal"
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name} makes a sound"
    def __repr__(self):
        return f"Animal({self.name!r})"

class Dog(Animal):
    def __init__(self, name, breed):
        super().__init__(name)
        self.breed = breed
    def speak(self):
        return super().speak() + " (woof)"
    @property
    def label(self):
        return f"{self.name}/{self.breed}"
    @staticmethod
    def create(n):
        return Dog(n, "mutt")
    @classmethod
    def named(cls, n):
        return cls(n, "lab")

d = Dog("Rex", "lab")
print(d.speak(), d.label, Dog.create("A").breed, Dog.named("B").name, d.kind)
print(isinstance(d, Animal), isinstance(d, Dog), issubclass(Dog, Animal), type(d).__name__, d)
print([Animal("x")], Dog.__mro__)
