package com.example.shop.net

import java.io.InputStream

/** Reads two responses over one connection. */
class StreamTest {
    private val client = TestClient()

    @Test
    fun pooledConnectionIsReused() {
        val call1 = client.newCall(request("/"))
        val in1 = call1.execute().body.byteStream()
        assertThat(readAscii(in1, 5)).isEqualTo("ABCDE")
        in1.close()
        val as2 = client.newCall(request("/")).execute()
        as2.close()
        assertThat(client.connectionCount).isEqualTo(1)
    }

    @Test
    fun discardedStreamIsNotPooled() {
        val response = client.newCall(request("/")).execute()
        response.body.byteStream().close()
        assertThat(client.connectionCount).isEqualTo(0)
    }

    private fun readAscii(stream: InputStream, count: Int): String =
        String(stream.readNBytes(count), Charsets.US_ASCII)
}
