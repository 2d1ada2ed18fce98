package shop.parse

import scala.util.{Try, Success, Failure}
import shop.model.Order

/** Parses order lines of the form `sku,quantity`. */
class OrderParser(strict: Boolean) extends Parser[Order] with Logging {

  private val separator = ','

  def this() = this(strict = false)

  /** Parses one line. */
  override def parse(line: String): Either[String, Order] = {
    val parts = line.split(separator)
    if (parts.length != 2) Left(s"bad line: $line")
    else Try(parts(1).trim.toInt) match {
      case Success(q) => Right(Order(parts(0).trim, q))
      case Failure(e) =>
        log(e.getMessage)
        Left(e.getMessage)
    }
  }

  def parseAll(lines: Seq[String]): Seq[Order] =
    lines.flatMap(l => parse(l).toOption)
}

trait Parser[A] {
  def parse(line: String): Either[String, A]
}

trait Logging {
  def log(message: String): Unit = println(message)
}

object OrderParser {
  val Default = new OrderParser(strict = true)

  def apply(strict: Boolean): OrderParser = new OrderParser(strict)
}

case class Quantity(value: Int) extends AnyVal

sealed trait Shape
case class Circle(r: Double) extends Shape
case object Empty extends Shape

enum Color:
  case Red, Green, Blue

type Lines = Seq[String]

extension (o: Order)
  def total(price: Double): Double = o.quantity * price

def main(args: Array[String]): Unit =
  val orders = OrderParser.Default.parseAll(args.toSeq)
  println(orders)
