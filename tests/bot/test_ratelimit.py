"""bot.ratelimit.DmQueues: one user's messages are read one at a time, in order; a flood is
turned away beyond the queue's length, with one notice."""

import asyncio

from bot.ratelimit import DmQueues


async def test_a_burst_is_read_in_order_one_at_a_time():
    queues = DmQueues(limit=20)
    seen: list[int] = []
    busy = 0

    def job(n: int):
        async def handle() -> None:
            nonlocal busy
            busy += 1
            assert busy == 1                       # never two of the same user at once
            await asyncio.sleep(0.001 * (10 - n))  # the first ones take longest
            seen.append(n)
            busy -= 1
        return handle

    async def never() -> None:
        raise AssertionError("no overflow expected")

    done = await asyncio.gather(*(queues.run(7, job(n), never) for n in range(10)))
    assert done == [True] * 10 and seen == list(range(10))
    assert queues.waiting(7) == 0


async def test_a_flood_beyond_the_limit_is_turned_away_with_one_notice():
    queues = DmQueues(limit=3)
    release = asyncio.Event()
    notices: list[str] = []

    async def slow() -> None:
        await release.wait()

    async def notice() -> None:
        notices.append("full")

    tasks = [asyncio.create_task(queues.run(1, slow, notice)) for _ in range(8)]
    await asyncio.sleep(0.01)
    assert queues.waiting(1) == 3 and notices == ["full"]
    release.set()
    results = await asyncio.gather(*tasks)
    assert results.count(True) == 3 and results.count(False) == 5
    # once drained, the user may write again (and would be told again)
    assert await queues.run(1, slow, notice)


async def test_users_do_not_wait_for_each_other():
    queues = DmQueues(limit=2)
    blocked = asyncio.Event()

    async def stuck() -> None:
        await blocked.wait()

    async def quick() -> None:
        pass

    async def unused() -> None:
        raise AssertionError

    first = asyncio.create_task(queues.run(1, stuck, unused))
    await asyncio.sleep(0)
    assert await asyncio.wait_for(queues.run(2, quick, unused), 1)
    blocked.set()
    assert await first
