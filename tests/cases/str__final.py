greeting = "hi"
name = "it's me"
greeting + ", " + name
