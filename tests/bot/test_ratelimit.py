"""bot.ratelimit.DmQueues: one user's messages are read one at a time, in order; in a flood
the oldest waiting messages are the ones not read (never the newest), and the user gets one
notice naming them once the queue has drained."""

import asyncio

from bot.ratelimit import DmQueues


async def test_a_burst_is_read_in_order_one_at_a_time():
    queues = DmQueues(limit=20)
    seen: list[int] = []
    busy = 0

    async def handle(n: int) -> None:
        nonlocal busy
        busy += 1
        assert busy == 1                       # never two of the same user at once
        await asyncio.sleep(0.001 * (10 - n))  # the first ones take longest
        seen.append(n)
        busy -= 1

    async def never(dropped) -> None:
        raise AssertionError("nothing should be dropped")

    await asyncio.gather(*(queues.run(7, n, handle, never) for n in range(10)))
    assert seen == list(range(10))
    assert queues.waiting(7) == 0


async def test_a_flood_drops_the_oldest_waiting_and_names_them_in_one_notice():
    queues = DmQueues(limit=3)
    release = asyncio.Event()
    read: list[int] = []
    notices: list[list[int]] = []

    async def slow(n: int) -> None:
        await release.wait()
        read.append(n)

    async def notice(dropped: list[int]) -> None:
        notices.append(dropped)

    tasks = [asyncio.create_task(queues.run(1, n, slow, notice)) for n in range(200)]
    await asyncio.sleep(0.01)
    assert queues.waiting(1) == 4              # one being read, three waiting
    assert notices == []                       # told once, when the burst is over
    release.set()
    await asyncio.gather(*tasks)
    assert read == [0, 197, 198, 199]          # the first (already being read) and the newest
    assert notices == [list(range(1, 197))]    # every message not read, in order, once
    assert queues.waiting(1) == 0
    # once drained, the user may write again, and a new flood is told again
    await queues.run(1, 500, slow, notice)
    assert read[-1] == 500


async def test_users_do_not_wait_for_each_other():
    queues = DmQueues(limit=2)
    blocked = asyncio.Event()

    async def stuck(n: int) -> None:
        await blocked.wait()

    quick_read: list[int] = []

    async def quick(n: int) -> None:
        quick_read.append(n)

    async def unused(dropped) -> None:
        raise AssertionError

    first = asyncio.create_task(queues.run(1, 0, stuck, unused))
    await asyncio.sleep(0)
    await asyncio.wait_for(queues.run(2, 9, quick, unused), 1)
    assert quick_read == [9]
    blocked.set()
    await first
