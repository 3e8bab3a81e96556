"""What the lesson scripts (tools/tutorial_lesson1.py, 2, 3) share: the
targets a card points at, the steps of a story read from its .tsv (rule,
answer JSON), and writing campaigns/tutorial/lesson-N.json."""
import json

P = lambda p: {"kind": "panel", "panel": p}
E = lambda e: {"kind": "element", "element": e}
A = lambda a: {"kind": "area", "area": a}
SQ = lambda s: E("sheet.square." + s)
MAP = {"kind": "map"}
END = {"kind": "end"}


class Story:
    """The steps of a lesson: cards read (`info`) and questions answered
    from the story's decisions (`ask`, by row of the .tsv)."""

    def __init__(self, tsv):
        self.rows = [l.rstrip("\n").split("\t") for l in open(tsv)]
        self.steps = []

    def info(self, card, asked):
        self.steps.append({"card": card, "asked": asked})

    def ask(self, card, i):
        rule, answer = self.rows[i]
        self.steps.append({"card": card, "asked": rule, "answer": json.loads(answer)})

    def write(self, n, cards, **head):
        """campaigns/tutorial/lesson-`n`.json: `head` (id, title, summary,
        minutes, campaign, battles, seed), then the cards and the steps."""
        out = dict(head)
        out["cards"] = [{"id": c, "title": t, "text": x, "rule": r, "target": g} for (c, t, r, g, x) in cards]
        out["steps"] = self.steps
        with open(f"campaigns/tutorial/lesson-{n}.json", "w") as f:
            json.dump(out, f, indent=1, ensure_ascii=False)
        print(len(cards), "cards,", len(self.steps), "steps")
