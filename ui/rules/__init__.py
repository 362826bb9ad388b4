"""The rules screen's parts: the pictures of each rule (diagrams) and the page that lays them beside the text."""
