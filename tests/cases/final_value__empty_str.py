name = "   "
name.strip()
