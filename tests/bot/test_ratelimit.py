from bot.ratelimit import RateLimiter


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_a_burst_is_allowed_then_refused_with_the_wait():
    clock = Clock()
    limiter = RateLimiter(burst=3, per=2.0, now=clock)
    assert [limiter.allow(1) for _ in range(3)] == [0.0, 0.0, 0.0]
    assert limiter.allow(1) == 2.0


def test_tokens_come_back_with_time():
    clock = Clock()
    limiter = RateLimiter(burst=2, per=2.0, now=clock)
    limiter.allow(1)
    limiter.allow(1)
    clock.t = 2.0
    assert limiter.allow(1) == 0.0
    assert limiter.allow(1) > 0


def test_users_have_separate_limits():
    limiter = RateLimiter(burst=1, per=10.0, now=Clock())
    assert limiter.allow(1) == 0.0
    assert limiter.allow(1) > 0
    assert limiter.allow(2) == 0.0
