# expect: 2:1 unsupported No module named 'bs4' (not available in this sandbox)
from bs4 import BeautifulSoup

html = await fetch_page("https://example.com")
soup = BeautifulSoup(html, "html.parser")
print(soup.title)
