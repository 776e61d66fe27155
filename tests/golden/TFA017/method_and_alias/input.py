from tensorflow import function as compiled


class Tree:
    def __init__(self, children):
        self.children = children

    @compiled(reduce_retracing=True)
    def depth(self, node):
        if not self.children.get(node):
            return 1
        return 1 + max(self.depth(child) for child in self.children[node])


@compiled
def countdown(x, steps):
    return x if steps == 0 else countdown(x - 1, steps - 1)
