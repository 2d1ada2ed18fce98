package com.example.shop.data

import kotlinx.coroutines.flow.Flow
import kotlinx.coroutines.flow.flowOf
import com.example.shop.model.*

/**
 * Loads and caches products.
 *
 * @property api the remote source
 */
class ProductRepository(private val api: ProductApi) : Repository<Product>, AutoCloseable {

    private val cache = mutableMapOf<String, Product>()

    init {
        require(api.isReady()) { "api not ready" }
    }

    constructor(api: ProductApi, seed: List<Product>) : this(api) {
        seed.forEach { cache[it.id] = it }
    }

    /** Returns the product, from the cache when possible. */
    override suspend fun get(id: String): Product? {
        cache[id]?.let { return it }
        val product = api.fetch(id) ?: return null
        cache[id] = product
        return product
    }

    fun observe(): Flow<List<Product>> = flowOf(cache.values.toList())

    override fun close() {
        cache.clear()
    }

    companion object {
        const val PAGE_SIZE = 20

        fun inMemory(): ProductRepository = ProductRepository(FakeApi())
    }

    private inner class Pager(val size: Int) {
        fun next(): List<Product> = cache.values.take(size)
    }
}

interface Repository<T> {
    suspend fun get(id: String): T?
}

data class Product(val id: String, val name: String, val price: Double)

enum class Category { FOOD, TOOLS, TOYS }

sealed interface Result<out T> {
    data class Ok<T>(val value: T) : Result<T>
    data class Failed(val error: Throwable) : Result<Nothing>
}

object Registry {
    private val repositories = mutableListOf<ProductRepository>()

    fun register(repository: ProductRepository) {
        repositories += repository
    }
}

typealias ProductMap = Map<String, Product>

fun Product.discounted(percent: Int): Product = copy(price = price * (100 - percent) / 100)

fun main() {
    val repo = ProductRepository.inMemory()
    Registry.register(repo)
}
