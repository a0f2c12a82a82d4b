<?php
/**
 * Settings → Storefront widgets, through the Settings API: `options.php` checks the
 * nonce (`settings_fields()`) and the capability (`manage_options`) before it saves, and
 * the sanitize callback (includes/settings.php) checks every value. Every value shown is
 * escaped.
 *
 * @package StorefrontWidgets
 */

defined( 'ABSPATH' ) || exit;

/**
 * The settings page.
 */
final class Storefront_Widgets_Admin {
	const PAGE = 'storefront-widgets';

	/**
	 * Hooks the page, its settings and the plugin list's link.
	 */
	public static function hook() {
		add_action( 'admin_menu', array( __CLASS__, 'menu' ) );
		add_action( 'admin_init', array( __CLASS__, 'settings' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( STOREFRONT_WIDGETS_FILE ), array( __CLASS__, 'action_links' ) );
	}

	/**
	 * Settings → Storefront widgets, for those who may manage options.
	 */
	public static function menu() {
		add_options_page( __( 'Storefront widgets', 'storefront-widgets' ), __( 'Storefront widgets', 'storefront-widgets' ), 'manage_options', self::PAGE, array( __CLASS__, 'page' ) );
	}

	/**
	 * A "Settings" link beside the plugin's name in the plugin list.
	 *
	 * @param array $links The plugin's links.
	 * @return array
	 */
	public static function action_links( $links ) {
		array_unshift( $links, '<a href="' . esc_url( admin_url( 'options-general.php?page=' . self::PAGE ) ) . '">' . esc_html__( 'Settings', 'storefront-widgets' ) . '</a>' );
		return $links;
	}

	/**
	 * The option, its section and its four fields.
	 */
	public static function settings() {
		register_setting(
			Storefront_Widgets_Settings::GROUP,
			Storefront_Widgets_Settings::OPTION,
			array(
				'type'              => 'array',
				'sanitize_callback' => array( 'Storefront_Widgets_Settings', 'sanitize' ),
				'default'           => array(),
			)
		);
		add_settings_section( 'storefront_widgets_main', '', '__return_false', self::PAGE );
		$fields = array(
			'publishable_key' => __( 'Publishable key', 'storefront-widgets' ),
			'market'          => __( 'Market', 'storefront-widgets' ),
			'api_base'        => __( 'API address', 'storefront-widgets' ),
			'load'            => __( 'Load the widgets', 'storefront-widgets' ),
		);
		foreach ( $fields as $field => $label ) {
			add_settings_field(
				'storefront_widgets_' . $field,
				$label,
				array( __CLASS__, 'field_' . $field ),
				self::PAGE,
				'storefront_widgets_main',
				array( 'label_for' => 'storefront_widgets_' . $field )
			);
		}
	}

	/**
	 * The page itself.
	 */
	public static function page() {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1><form action="options.php" method="post">';
		settings_fields( Storefront_Widgets_Settings::GROUP );
		do_settings_sections( self::PAGE );
		submit_button();
		echo '</form></div>';
	}

	/**
	 * A text field of the option.
	 *
	 * @param string $field       The option's key.
	 * @param string $value       Its value.
	 * @param string $placeholder A hint.
	 * @param string $description What to enter.
	 */
	private static function text_field( $field, $value, $placeholder, $description ) {
		printf(
			'<input type="text" class="regular-text code" id="storefront_widgets_%1$s" name="%2$s[%1$s]" value="%3$s" placeholder="%4$s" autocomplete="off" spellcheck="false"><p class="description">%5$s</p>',
			esc_attr( $field ),
			esc_attr( Storefront_Widgets_Settings::OPTION ),
			esc_attr( $value ),
			esc_attr( $placeholder ),
			esc_html( $description )
		);
	}

	/**
	 * The publishable key.
	 */
	public static function field_publishable_key() {
		self::text_field( 'publishable_key', Storefront_Widgets_Settings::get()['publishable_key'], 'svc_pk_…', __( 'Your workspace\'s publishable key, from the service\'s dashboard. It goes into every page that shows a widget. Never enter a secret key (svc_sk_…): it is refused.', 'storefront-widgets' ) );
	}

	/**
	 * The market.
	 */
	public static function field_market() {
		/* translators: %s: the market taken from the site language, such as "de". */
		$description = sprintf( __( 'The service\'s market, which picks the currency and language (us, de, se, or your workspace\'s market id). Empty: %s, from the site language.', 'storefront-widgets' ), Storefront_Widgets_Settings::default_market() );
		self::text_field( 'market', Storefront_Widgets_Settings::get()['market'], Storefront_Widgets_Settings::default_market(), $description );
	}

	/**
	 * The API base.
	 */
	public static function field_api_base() {
		self::text_field( 'api_base', Storefront_Widgets_Settings::get()['api_base'], 'https://…', __( 'Empty for the service\'s own API. For the shop\'s read proxy: its https:// address, or a path on this site such as /storefront-api.', 'storefront-widgets' ) );
	}

	/**
	 * Where the script loads.
	 */
	public static function field_load() {
		$load    = Storefront_Widgets_Settings::get()['load'];
		$choices = array(
			Storefront_Widgets_Settings::LOAD_WIDGETS    => __( 'Only on pages that show a widget (recommended)', 'storefront-widgets' ),
			Storefront_Widgets_Settings::LOAD_EVERYWHERE => __( 'On every page (for widgets that a theme or script adds by itself)', 'storefront-widgets' ),
		);
		echo '<select id="storefront_widgets_load" name="' . esc_attr( Storefront_Widgets_Settings::OPTION ) . '[load]">';
		foreach ( $choices as $value => $label ) {
			echo '<option value="' . esc_attr( $value ) . '"' . selected( $load, $value, false ) . '>' . esc_html( $label ) . '</option>';
		}
		echo '</select>';
	}
}
