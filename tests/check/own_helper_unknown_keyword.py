# expect: 6:42 call-keyword render() got an unexpected keyword argument 'title'. Did you mean 'titles'?
def render(titles, limit=5):
    return "\n".join(titles[:limit])

hits = search("llm agents")
print(render([h["title"] for h in hits], title="Results"))
