import heapq

def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

attempt(lambda: heapq.heappop([]))
attempt(lambda: heapq.heapreplace([], 1))
attempt(lambda: heapq.heappush((), 1))
attempt(lambda: heapq.heappop((1,)))
attempt(lambda: heapq.heapify('abc'))
attempt(lambda: heapq.heappush([1], 'a'))
attempt(lambda: heapq.heappush([]))
attempt(lambda: heapq.nlargest())
attempt(lambda: heapq.nsmallest(2, 5))
attempt(lambda: heapq.merge([1], foo=1))
h = [1, 2]
attempt(lambda: heapq.heappush(h, None))
print(h)
