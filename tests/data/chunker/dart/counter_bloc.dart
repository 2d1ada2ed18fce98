import 'package:bloc/bloc.dart';

/// What the counter can be asked to do.
sealed class CounterEvent {}

final class CounterIncrementPressed extends CounterEvent {}

final class CounterDecrementPressed extends CounterEvent {}

abstract interface class Clock {
  DateTime now();
}

base mixin class Logging {
  void log(String message) => print(message);
}

/// Counts up and down.
class CounterBloc extends Bloc<CounterEvent, int> with Logging {
  final Clock clock;

  CounterBloc(this.clock) : super(0) {
    on<CounterIncrementPressed>((event, emit) => emit(state + 1));
    on<CounterDecrementPressed>((event, emit) => emit(state - 1));
  }

  @override
  void onChange(Change<int> change) {
    super.onChange(change);
    log('${clock.now()}: $change');
  }
}
