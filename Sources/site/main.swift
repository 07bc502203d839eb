print("site")
