namespace Shop.Events;

using System;

/// <summary>Binds the values of a message template to its named holes.</summary>
class EventBinder
{
    readonly IValueConverter _converter;

    public EventBinder(IValueConverter converter)
    {
        _converter = converter;
    }

    /// <summary>The properties of the template, in its order.</summary>
#if FEATURE_SPAN
    public EventProperty[] Bind(Template template, ReadOnlySpan<object?> values)
#else
    public EventProperty[] Bind(Template template, object?[] values)
#endif
    {
        if (values.Length == 0)
            return Array.Empty<EventProperty>();
        return BindNamed(template, values);
    }
}

/// <summary>Writes events; with default interface methods, the shortcuts are implemented here.</summary>
public interface IEventWriter
{
    void Write(Event e);

    /// <summary>Writes a message without properties.</summary>
    void Write(Level level, string message)
#if FEATURE_DEFAULT_INTERFACE
    {
        Write(new Event(level, message));
    }
#else
        ;
#endif

    bool IsEnabled(Level level)
#if FEATURE_DEFAULT_INTERFACE
        => true;
#else
        ;
#endif
}
